/*
 * The registry of audited resource types (docs/architecture.md, "Where each rule lives"): every type an
 * audit event is recorded with, spelled once, with what both sides derive from it. No zod here: the
 * client's table of what each write refreshes and the Audit Log's filter read it.
 *
 * Adding a type is one entry here plus its web half, what a write of it refreshes
 * (src/web/app/resource-effects.ts, keyed by these types): neither compiles without the other, and the
 * server's audit records take only these types (src/server/audit/service.ts).
 */

import type { LabelledChangeKind } from './change-labels';

/** Every `resourceType` an audit event is recorded with. The spellings are stored in the audit trail. */
export const AUDIT_RESOURCE_TYPES = [
  'api_token',
  'audit',
  'capability',
  'change-request',
  'configuration-version',
  'deployment',
  'gateway-route',
  'git-link',
  'mesh',
  'microfrontend',
  'notification-template',
  'opa-policy',
  'platform',
  'session',
  'settings',
  'sso-settings',
  'system',
  'tenant',
  'user',
  'user_profile',
  'web_app',
  'webhook',
] as const;
export type AuditResourceType = (typeof AUDIT_RESOURCE_TYPES)[number];

export interface ResourceTypeEntry {
  /** Its name in the console (the Audit Log's resource type filter). */
  label: string;
  /**
   * The route that reads one, as the server's route table names it: an event of the type without a
   * tenant goes to everyone signed in when this route is open to every signed-in user, so a route whose
   * permission tightens tightens who sees its events too (src/server/events/visibility.ts). Null: no
   * route every member may call reads it (administrators' business, or the user's own).
   */
  readRoute: string | null;
}

export const resourceTypes: Record<AuditResourceType, ResourceTypeEntry> = {
  api_token: { label: 'API token', readRoute: null },
  /** The trail's own retention and exports (docs/audit-retention.md): administrators' business. */
  audit: { label: 'Audit trail', readRoute: null },
  capability: { label: 'Capability', readRoute: 'GET /api/capabilities/:capabilityId' },
  // A tenant's change request reaches its members by the tenant rule; one of the platform (no tenant)
  // only administrators may read (changes/reads.ts), though its read route is open to every signed-in user.
  'change-request': { label: 'Change request', readRoute: null },
  'configuration-version': {
    label: 'Configuration version',
    readRoute:
      'GET /api/capability-subscriptions/versions/history/:tenantId/:capabilityId/:environment/:region',
  },
  deployment: {
    label: 'Deployment',
    readRoute: 'GET /api/deployments/microfrontend/:id/environment/:environment',
  },
  'gateway-route': { label: 'Gateway route', readRoute: 'GET /api/tenants/:tenantId/gateway-routes' },
  /** A tenant's (or the platform's) link to a Git repository and its drift (docs/config-as-code-git.md). */
  'git-link': { label: 'Git link', readRoute: null },
  mesh: { label: 'Web app mesh', readRoute: 'GET /api/web-app-meshes/:id' },
  microfrontend: { label: 'Microfrontend', readRoute: 'GET /api/microfrontends/:id' },
  'notification-template': {
    label: 'Notification template',
    readRoute: 'GET /api/notification-templates/capability/:capabilityId',
  },
  'opa-policy': { label: 'OPA policy', readRoute: 'GET /api/tenants/:tenantId/opa-policies' },
  /** Platform-wide approval policies. */
  platform: { label: 'Approval policy', readRoute: 'GET /api/approval-policy' },
  session: { label: 'Session', readRoute: null },
  settings: { label: 'Settings', readRoute: 'GET /api/settings' },
  /** The single sign-on settings: their group rules give roles, so administrators alone read them. */
  'sso-settings': { label: 'Single sign-on settings', readRoute: 'GET /api/settings/sso' },
  /** Delete All Resources. */
  system: { label: 'System', readRoute: null },
  tenant: { label: 'Tenant', readRoute: 'GET /api/tenants/:tenantId' },
  user: { label: 'User', readRoute: null },
  user_profile: { label: 'Tenant access', readRoute: null },
  web_app: { label: 'Web app', readRoute: 'GET /api/web-apps/:id' },
  /** Its owners' and administrators' business (docs/webhooks.md). */
  webhook: { label: 'Webhook', readRoute: null },
};

/**
 * The resource type each change kind writes, as its audit event records it once applied: what an
 * applied request refreshes in the console is what a live event of that type refreshes
 * (src/web/lib/resource-effects.ts reads it so).
 */
export const changeKindResourceTypes: Record<LabelledChangeKind, AuditResourceType> = {
  'gateway_route.create': 'gateway-route',
  'gateway_route.edit': 'gateway-route',
  'gateway_route.activate': 'gateway-route',
  'gateway_route.disable': 'gateway-route',
  'gateway_route.delete': 'gateway-route',
  'gateway_route.promote': 'gateway-route',
  'opa_policy.create': 'opa-policy',
  'opa_policy.edit': 'opa-policy',
  'opa_policy.activate': 'opa-policy',
  'opa_policy.disable': 'opa-policy',
  'opa_policy.delete': 'opa-policy',
  'opa_policy.promote': 'opa-policy',
  'configuration.create': 'configuration-version',
  'configuration.activate': 'configuration-version',
  'configuration.promote': 'configuration-version',
  // A tenant's blue-green state and gateway settings live on the tenant row; a shared capability's on its.
  'tenant_blue_green.switch': 'tenant',
  'tenant_blue_green.rollback': 'tenant',
  'tenant_blue_green.slot_version': 'tenant',
  'capability_blue_green.switch': 'capability',
  'capability_blue_green.rollback': 'capability',
  'capability_blue_green.slot_version': 'capability',
  'microfrontend_deployment.switch': 'deployment',
  'capability_deployment.switch': 'deployment',
  'microfrontend_deployment.deploy': 'deployment',
  'capability_deployment.deploy': 'deployment',
  // A rollout action moves traffic between the slots.
  'deployment_rollout.action': 'deployment',
  'tenant_settings.gateway': 'tenant',
  'web_app.update': 'web_app',
  'web_app.create': 'web_app',
  'web_app.delete': 'web_app',
  'tenant.update': 'tenant',
  // A subscription is what a tenant's configuration versions hang on; its events are audited with them.
  'capability_subscription.create': 'configuration-version',
  'capability_subscription.delete': 'configuration-version',
  'mesh.create': 'mesh',
  'mesh.update': 'mesh',
  'mesh.delete': 'mesh',
  'health_check.set': 'deployment',
  'capability.create': 'capability',
  'capability.update': 'capability',
  'notification_template.create': 'notification-template',
  'notification_template.update': 'notification-template',
  'microfrontend.create': 'microfrontend',
  'microfrontend.update': 'microfrontend',
  'microfrontend_version.create': 'microfrontend',
  'microfrontend_version.status': 'microfrontend',
  // Approval policies are read with the requests they govern, whichever scope they are set on.
  'approval_policy.set': 'platform',
};
