import type { QueryKey } from '@tanstack/react-query';
import { apiTokenKeys } from '@/api-tokens';
import { auditKeys } from '@/audit';
import { ME_QUERY_KEY } from '@/auth';
import { capabilityKeys } from '@/capabilities';
import { changeRequestKeys } from '@/changes';
import { configurationVersionRoots } from '@/control-plane';
import { deploymentKeys } from '@/deployments';
import { gatewayKeys } from '@/gateway';
import { meshKeys, microfrontendKeys } from '@/microfrontends';
import { overviewKeys } from '@/overview';
import { SETTINGS_PATH, SSO_SETTINGS_PATH } from '@/settings';
import { tenantChangeRoots } from '@/tenants';
import { userKeys } from '@/users';
import { webAppKeys, webAppWriteRoots } from '@/web-apps';
import { webhookKeys } from '@/webhooks';
import { EVERYTHING, type ResourceEffects, type Touches, type TouchingEvent } from '@/lib/resource-effects';

/*
 * What a write of each audited resource type refreshes, by the owning features' key factories: the web
 * half of the resource registry (src/contract/resource-types.ts), and the one table a new audited type
 * must join (the table has a key per type, so leaving one out does not compile). A feature's own
 * mutation, an applied change request and a live event all read it (src/web/lib/resource-effects.ts), so
 * the three paths refresh the same screens (refresh-paths.test.ts). The app composes it, as the only
 * place that may import every feature; see docs/live-updates.md. Every write is audited, so every entry
 * refreshes the audit log too.
 */

const touching =
  (roots: (event: TouchingEvent) => readonly QueryKey[]) =>
  (event: TouchingEvent): readonly QueryKey[] => [...roots(event), auditKeys.all];

/** A tenant's lineage of routes or policies; with no tenant named, every read (the roots are per tenant). */
const lineage =
  (kind: 'routes' | 'policies') =>
  (event: TouchingEvent): Touches =>
    event.tenantId === null ? EVERYTHING : [gatewayKeys.all(kind, event.tenantId), auditKeys.all];

/** Users and profiles show each other, and the signed-in user's own roles may be the ones that changed. */
const people = touching(() => [userKeys.all, userKeys.profiles, ME_QUERY_KEY]);
/** Approval policies are read under the changes feature's root, with the requests they govern; the
 * Overview's cards count requests too. */
const requests = touching(() => [changeRequestKeys.all, overviewKeys.all]);

export const resourceEffects: ResourceEffects = {
  api_token: touching(() => [apiTokenKeys.all]),
  /** The trail's retention and exports: their keys are under the audit log's, which every entry refreshes. */
  audit: touching(() => []),
  /** The catalogue, its counts on the Overview, and Deployments, which lists capabilities by name. */
  capability: touching(() => [capabilityKeys.all, overviewKeys.all, deploymentKeys.all]),
  /** The list, the review page and the sidebar badge; an applied change also sends its own domain's event. */
  'change-request': requests,
  /** The control plane's versions, and the gateway dialogs' picker of subscribed capabilities. */
  'configuration-version': touching(({ tenantId }) => configurationVersionRoots(tenantId)),
  /** Slots, probes' health and rollouts: Deployments, and the Overview's rollouts and slots cards. */
  deployment: touching(() => [deploymentKeys.all, overviewKeys.all]),
  'gateway-route': lineage('routes'),
  /** A Git link and its drift findings (docs/config-as-code-git.md); the console's views key under it. */
  'git-link': touching(() => [['git-links']]),
  mesh: touching(() => [meshKeys.all, webAppKeys.all]),
  /** Microfrontends and their versions: the registry, the mesh pickers and manifests, Deployments. */
  microfrontend: touching(() => [microfrontendKeys.all, meshKeys.all, deploymentKeys.all]),
  /** Templates are read under their capability. */
  'notification-template': touching(() => [capabilityKeys.all]),
  'opa-policy': lineage('policies'),
  platform: requests,
  /** A sign-in moves a user's last sign-in. */
  session: touching(() => [userKeys.all]),
  settings: touching(() => [[SETTINGS_PATH]]),
  'sso-settings': touching(() => [[SSO_SETTINGS_PATH]]),
  /** Delete All Resources. */
  system: () => EVERYTHING,
  tenant: (event) => {
    // A tenant's approval policy is audited on the tenant; a delete takes the tenant's every child with it.
    if (event.action === 'approval_policy.update') return requests(event);
    if (event.action === 'tenant.delete') return EVERYTHING;
    return touching(() => tenantChangeRoots)(event);
  },
  user: people,
  user_profile: people,
  /** Web apps, the Overview that counts and lists them, and the meshes that show them. */
  web_app: touching(() => webAppWriteRoots),
  webhook: touching(() => [webhookKeys.all]),
};
