import { environments, type Environment, environmentName } from '@contract/vocabulary';
import { enabledEnvironments, regionLimit, type GovernedTenant } from '@contract/governance';

/** Why the environment select lists fewer than three environments; null when it lists all. */
export function environmentHint(tenant: GovernedTenant): string | null {
  const enabled = enabledEnvironments(tenant);
  if (enabled.length === environments.length) return null;
  if (enabled.length === 0) return 'No environment is enabled for this tenant';
  const disabled = environments.filter((environment) => !enabled.includes(environment));
  return `Only enabled environments are listed (${disabled.map(environmentName).join(' and ')} ${
    disabled.length === 1 ? 'is' : 'are'
  } off)`;
}

/** Why the region select lists fewer than the 11 regions; null when nothing limits them. */
export function regionHint(tenant: GovernedTenant, environment: Environment): string | null {
  switch (regionLimit(tenant, environment)) {
    case 'override':
      return `Only regions allowed for ${environmentName(environment)} are listed`;
    case 'allowed':
      return "Only the tenant's allowed regions are listed";
    default:
      return null;
  }
}
