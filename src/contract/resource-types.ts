/*
 * The registry of audited resource types (docs/architecture.md, "Where each rule lives"): every type an
 * audit event is recorded with, spelled once, with what both sides derive from it. No zod here: the
 * client's live table and the Audit Log's filter read it.
 *
 * Adding a type is one entry here plus its web half, what a live event of it refreshes
 * (src/web/app/live-event-effects.ts, keyed by these types): neither compiles without the other, and the
 * server's audit records take only these types (src/server/audit/service.ts).
 */

/** Every `resourceType` an audit event is recorded with. The spellings are stored in the audit trail. */
export const AUDIT_RESOURCE_TYPES = [
  'api_token',
  'capability',
  'change-request',
  'configuration-version',
  'deployment',
  'gateway-route',
  'mesh',
  'microfrontend',
  'notification-template',
  'opa-policy',
  'platform',
  'session',
  'settings',
  'system',
  'tenant',
  'user',
  'user_profile',
  'web_app',
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
  /** Delete All Resources. */
  system: { label: 'System', readRoute: null },
  tenant: { label: 'Tenant', readRoute: 'GET /api/tenants/:tenantId' },
  user: { label: 'User', readRoute: null },
  user_profile: { label: 'Tenant access', readRoute: null },
  web_app: { label: 'Web app', readRoute: 'GET /api/web-apps/:id' },
};
