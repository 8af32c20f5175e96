import type { Settings, SettingsInput } from '@contract/settings';

/** The full PUT body from the saved settings with `changes` applied (PUT replaces every field). */
export function toSettingsInput(settings: Settings, changes: Partial<SettingsInput> = {}): SettingsInput {
  return {
    accountEmail: settings.accountEmail,
    organization: settings.organization,
    emailNotifications: settings.emailNotifications,
    autoScaling: settings.autoScaling,
    maintenanceMode: settings.maintenanceMode,
    requireProductionHealthChecks: settings.requireProductionHealthChecks,
    ...changes,
  };
}

/** "3 tenants, 1 web app, ..." for the parts that had anything to remove. */
export function describeCounts(counts: Record<string, number>): string {
  const labels: Record<string, [string, string]> = {
    tenants: ['tenant', 'tenants'],
    webApps: ['web app', 'web apps'],
    userProfiles: ['user profile', 'user profiles'],
    subscriptions: ['subscription', 'subscriptions'],
    configurationVersions: ['configuration version', 'configuration versions'],
    meshes: ['mesh', 'meshes'],
    gatewayRoutes: ['gateway route', 'gateway routes'],
    opaPolicies: ['policy', 'policies'],
    microfrontendDeployments: ['microfrontend deployment', 'microfrontend deployments'],
    capabilityDeployments: ['capability deployment', 'capability deployments'],
  };
  const parts = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .map(([key, count]) => {
      const [one, many] = labels[key] ?? [key, key];
      return `${count} ${count === 1 ? one : many}`;
    });
  return parts.length ? `Removed ${parts.join(', ')}.` : 'There was nothing to remove.';
}
