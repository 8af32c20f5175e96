import { LIVE_EVENTS_PATH } from '../../contract/events';
import { expect, it } from 'vitest';
import { roleAllows, type TenantAction } from '../../contract/roles';
import { describeApi } from '../test/api-harness';
import {
  FIXTURE_POLICY_LINEAGE,
  FIXTURE_ROUTE_LINEAGE,
  insertChangeRequestFixtures,
  insertFixtures,
  insertGatewayFixtures,
} from '../test/fixtures';
import { bearerTokenFor, sessionCookieFor, type TestPersona } from '../test/sessions';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import {
  auditEvents,
  auditExports,
  driftFindings,
  gitLinks,
  users,
  webhookDeliveries,
  webhookSubscriptions,
} from '../db/schema';
import { newWebhookSecret } from '../webhooks/signing';
import type { ApiTokenScope } from '../../contract/api-tokens';
import { assertTokenMayCall, narrowToToken } from './tokens/scope';
import { authorize, type RouteEntry } from './guard';
import { describePermission } from './permissions';
import { loadViewer } from './viewer';

/**
 * The permission every /api route must declare. A route missing here, or declaring something else,
 * fails this test: adding a route means deciding, in review, who may call it.
 */
const EXPECTED: Record<string, string> = {
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'POST /api/auth/login': 'public',
  'POST /api/auth/logout': 'signedIn',
  'GET /api/auth/me': 'signedIn',
  'GET /api/auth/providers': 'public',
  'GET /api/auth/oidc/login': 'public',
  'GET /api/auth/oidc/callback': 'public',
  'POST /api/users/:id/password': 'admin',
  'GET /api/users/:id/identities': 'admin',
  'DELETE /api/users/:id/identities/:identityId': 'admin',
  'GET /api/audit-events': 'signedIn',
  'GET /api/audit-retention': 'admin',
  'PUT /api/audit-retention': 'admin',
  'GET /api/audit-exports': 'admin',
  'POST /api/audit-exports': 'admin',
  'GET /api/audit-exports/:id/download': 'admin',
  'GET /api/overview': 'signedIn',
  'GET /api/overview/requests': 'signedIn',
  'GET /api/overview/scheduled': 'signedIn',
  'GET /api/overview/rollouts': 'signedIn',
  'GET /api/overview/slots': 'signedIn',
  'GET /api/overview/activity': 'signedIn',
  'GET /api/overview/slots/:id/latency': 'signedIn',
  'GET /api/tenants': 'signedIn',
  'GET /api/tenants/options': 'signedIn',
  'GET /api/capabilities/options': 'signedIn',
  'GET /api/microfrontends/options': 'signedIn',
  'GET /api/microfrontend-versions/microfrontend/:microfrontendId/options': 'signedIn',
  'GET /api/tenants/:tenantId': 'tenant:read',
  'GET /api/users': 'signedIn',
  'GET /api/users/:id': 'signedIn',
  'GET /api/notification-templates/:id': 'signedIn',
  'GET /api/user-profiles': 'signedIn',
  'GET /api/capabilities': 'signedIn',
  'GET /api/capabilities/:capabilityId': 'signedIn',
  'POST /api/capabilities': 'admin',
  'POST /api/capabilities/:capabilityId/configuration-check': 'signedIn',
  'PATCH /api/capabilities/:capabilityId': 'admin',
  'DELETE /api/capabilities/:capabilityId': 'admin',
  'POST /api/capabilities/:id/toggle-environment-blue-green': 'admin',
  'POST /api/capabilities/:id/update-environment-slot-version': 'admin',
  'POST /api/capabilities/:id/switch': 'admin',
  'POST /api/capabilities/:id/rollback': 'admin',
  'POST /api/notification-templates': 'admin',
  'PATCH /api/notification-templates/:id': 'admin',
  'DELETE /api/notification-templates/:id': 'admin',
  'POST /api/notification-templates/:id/restore': 'admin',
  'GET /api/capability-subscriptions/versions/active/:tenantId/:capabilityId/:environment/:region':
    'tenant:read',
  'GET /api/capability-subscriptions/versions/active/:tenantId/:environment/:region': 'tenant:read',
  'GET /api/capability-subscriptions/versions/history/:tenantId/:capabilityId/:environment/:region':
    'tenant:read',
  'POST /api/capability-subscriptions/versions': 'tenant:versions',
  'POST /api/capability-subscriptions/versions/:versionId/activate': 'tenant:versions',
  'POST /api/capability-subscriptions/versions/:versionId/promote': 'tenant:versions',
  'GET /api/tenants/:tenantId/gateway-routes': 'tenant:read',
  'POST /api/tenants/:tenantId/gateway-routes': 'tenant:versions',
  'GET /api/tenants/:tenantId/gateway-routes/:lineageId/versions': 'tenant:read',
  'POST /api/tenants/:tenantId/gateway-routes/:lineageId/versions': 'tenant:versions',
  'POST /api/tenants/:tenantId/gateway-routes/versions/:versionId/activate': 'tenant:versions',
  'POST /api/tenants/:tenantId/gateway-routes/:lineageId/disable': 'tenant:versions',
  'DELETE /api/tenants/:tenantId/gateway-routes/:lineageId': 'tenant:versions',
  'POST /api/tenants/:tenantId/gateway-routes/:lineageId/promote': 'tenant:versions',
  'GET /api/tenants/:tenantId/gateway-routes/:lineageId/promotion-target': 'tenant:read',
  'GET /api/tenants/:tenantId/opa-policies': 'tenant:read',
  'POST /api/tenants/:tenantId/opa-policies': 'tenant:versions',
  'GET /api/tenants/:tenantId/opa-policies/:lineageId/versions': 'tenant:read',
  'POST /api/tenants/:tenantId/opa-policies/:lineageId/versions': 'tenant:versions',
  'POST /api/tenants/:tenantId/opa-policies/versions/:versionId/activate': 'tenant:versions',
  'POST /api/tenants/:tenantId/opa-policies/:lineageId/disable': 'tenant:versions',
  'DELETE /api/tenants/:tenantId/opa-policies/:lineageId': 'tenant:versions',
  'POST /api/tenants/:tenantId/opa-policies/:lineageId/promote': 'tenant:versions',
  'GET /api/tenants/:tenantId/opa-policies/:lineageId/promotion-target': 'tenant:read',
  'GET /api/tenants/:tenantId/gateway/:environment/capabilities': 'tenant:read',
  'GET /api/tenants/:tenantId/gateway/:environment/declarative': 'tenant:read',
  'GET /api/tenants/:tenantId/policies/:environment/bundle.tar.gz': 'tenant:read',
  'POST /api/microfrontends': 'admin',
  'PATCH /api/microfrontends/:id': 'admin',
  'DELETE /api/microfrontends/:id': 'admin',
  'POST /api/microfrontend-versions': 'admin',
  'PATCH /api/microfrontend-versions/:versionId': 'admin',
  'POST /api/microfrontend-versions/:versionId/publish': 'admin',
  'POST /api/microfrontend-versions/:versionId/deprecate': 'admin',
  'POST /api/web-app-meshes': 'tenant:meshes',
  'DELETE /api/web-app-meshes/:id': 'tenant:meshes',
  'GET /api/web-app-meshes/:id/manifest': 'tenant:read',
  'POST /api/deployments/switch': 'admin',
  'POST /api/capability-deployments/switch': 'admin',
  'POST /api/deployments/deploy': 'admin',
  'POST /api/capability-deployments/deploy': 'admin',
  'GET /api/rollouts/:resourceType/:id/environment/:environment': 'signedIn',
  'POST /api/rollouts/action': 'admin',
  'GET /api/deployment-health/:resourceType/:id/environment/:environment': 'signedIn',
  'PUT /api/deployment-health-checks': 'admin',
  'POST /api/tenants': 'admin',
  'PATCH /api/tenants/:tenantId': 'tenant:configure',
  'DELETE /api/tenants/:tenantId': 'tenant:delete',
  'POST /api/tenants/:tenantId/toggle-environment-blue-green': 'tenant:blueGreen',
  'POST /api/tenants/:tenantId/update-environment-slot-version': 'tenant:blueGreen',
  'POST /api/tenants/:tenantId/switch': 'tenant:blueGreen',
  'POST /api/tenants/:tenantId/rollback': 'tenant:blueGreen',
  'GET /api/notification-templates/capability/:capabilityId': 'signedIn',
  'GET /api/microfrontends': 'signedIn',
  'GET /api/microfrontends/:id': 'signedIn',
  'GET /api/microfrontend-versions/microfrontend/:microfrontendId': 'signedIn',
  'GET /api/microfrontend-versions/microfrontend/:microfrontendId/published': 'signedIn',
  'GET /api/microfrontend-versions/:versionId': 'signedIn',
  'GET /api/web-app-meshes': 'signedIn',
  'GET /api/web-app-meshes/:id': 'tenant:read',
  'GET /api/deployments/microfrontend/:id/environment/:environment': 'signedIn',
  'GET /api/capability-deployments/capability/:id/environment/:environment': 'signedIn',
  'GET /api/web-apps': 'signedIn',
  'GET /api/web-apps/:id': 'tenant:read',
  'POST /api/web-apps': 'tenant:webApps',
  'PATCH /api/web-apps/:id': 'tenant:webApps',
  'DELETE /api/web-apps/:id': 'tenant:webApps',
  'POST /api/users': 'admin',
  'PATCH /api/users/:id': 'admin',
  'DELETE /api/users/:id': 'admin',
  'POST /api/user-profiles': 'tenant:manageAccess',
  'PATCH /api/user-profiles/:id': 'tenant:manageAccess',
  'DELETE /api/user-profiles/:id': 'tenant:manageAccess',
  'POST /api/user-profiles/:id/restore': 'tenant:manageAccess',
  'GET /api/settings': 'signedIn',
  'PUT /api/settings': 'admin',
  'GET /api/settings/sso': 'admin',
  'PUT /api/settings/sso': 'admin',
  'GET /api/me/notification-preferences': 'signedIn',
  'PUT /api/me/notification-preferences': 'signedIn',
  'GET /api/admin/backup': 'admin',
  'POST /api/admin/delete-all-resources': 'admin',
  'GET /api/change-requests': 'signedIn',
  'GET /api/change-requests/summary': 'signedIn',
  'GET /api/change-requests/:id': 'signedIn',
  'POST /api/change-requests': 'signedIn',
  'POST /api/change-requests/:id/approve': 'signedIn',
  'POST /api/change-requests/:id/reject': 'signedIn',
  'POST /api/change-requests/:id/cancel': 'signedIn',
  'POST /api/change-requests/:id/refresh': 'signedIn',
  'POST /api/change-requests/:id/schedule': 'signedIn',
  'POST /api/change-requests/:id/comments': 'signedIn',
  'POST /api/change-requests/:id/revert': 'signedIn',
  'POST /api/change-requests/:id/promote': 'signedIn',
  'GET /api/release-draft': 'signedIn',
  'POST /api/release-draft/changes': 'signedIn',
  'PUT /api/release-draft': 'signedIn',
  'DELETE /api/release-draft': 'signedIn',
  'POST /api/release-draft/file': 'signedIn',
  'GET /api/tenants/:tenantId/approval-policy': 'tenant:read',
  'PUT /api/tenants/:tenantId/approval-policy': 'admin',
  'GET /api/approval-policy': 'signedIn',
  'PUT /api/approval-policy': 'admin',
  'GET /api/tokens/policy': 'signedIn',
  'GET /api/tokens': 'signedIn',
  'POST /api/tokens': 'signedIn',
  'DELETE /api/tokens/:tokenId': 'signedIn',
  'GET /api/users/:id/tokens': 'admin',
  'POST /api/users/:id/tokens': 'admin',
  'DELETE /api/users/:id/tokens/:tokenId': 'admin',
  'POST /api/service-accounts': 'admin',
  'GET /api/events': 'signedIn',
  'GET /api/webhooks': 'signedIn',
  'POST /api/webhooks': 'signedIn',
  'GET /api/webhooks/:webhookId': 'signedIn',
  'PATCH /api/webhooks/:webhookId': 'signedIn',
  'DELETE /api/webhooks/:webhookId': 'signedIn',
  'POST /api/webhooks/:webhookId/rotate-secret': 'signedIn',
  'GET /api/webhooks/:webhookId/deliveries': 'signedIn',
  'POST /api/webhooks/:webhookId/test': 'signedIn',
  'POST /api/webhooks/:webhookId/deliveries/:deliveryId/redeliver': 'signedIn',
  'GET /api/git-links': 'signedIn',
  'POST /api/git-links': 'signedIn',
  'GET /api/git-links/:linkId': 'signedIn',
  'PATCH /api/git-links/:linkId': 'signedIn',
  'DELETE /api/git-links/:linkId': 'signedIn',
  'POST /api/git-links/:linkId/check': 'signedIn',
  'GET /api/git-links/:linkId/drift': 'signedIn',
  'GET /api/tenants/:tenantId/git-link': 'tenant:read',
  'POST /api/drift/:findingId/revert': 'signedIn',
  'POST /api/drift/:findingId/adopt': 'signedIn',
  // Configuration as code: plans check each change's rights as a release does (docs/config-as-code.md).
  'GET /api/tenants/:tenantId/export': 'tenant:read',
  'GET /api/platform/export': 'admin',
  'GET /api/config-schema': 'signedIn',
  'POST /api/plans': 'signedIn',
  'POST /api/plans/apply': 'signedIn',
};

/**
 * Routes that give, change or take away someone's access: accounts, passwords, global and tenant roles
 * (profiles, and the SSO group-to-role rules), service accounts, API tokens, and the reviews of change
 * requests. People only: a token must never create or empower a principal that outlives it, so every
 * kind of token is refused (403) on each of them, whatever its owner may do.
 */
const ACCESS_ADMINISTRATION = [
  'POST /api/users',
  'PATCH /api/users/:id',
  'DELETE /api/users/:id',
  'POST /api/users/:id/password',
  'GET /api/users/:id/identities',
  'DELETE /api/users/:id/identities/:identityId',
  'POST /api/service-accounts',
  'POST /api/user-profiles',
  'PATCH /api/user-profiles/:id',
  'DELETE /api/user-profiles/:id',
  'POST /api/user-profiles/:id/restore',
  'GET /api/tokens',
  'POST /api/tokens',
  'DELETE /api/tokens/:tokenId',
  'GET /api/users/:id/tokens',
  'POST /api/users/:id/tokens',
  'DELETE /api/users/:id/tokens/:tokenId',
  'PUT /api/settings/sso',
  'POST /api/change-requests/:id/approve',
  'POST /api/change-requests/:id/reject',
];
/** Paths whose writes administer access: a new write route under one of them belongs in the list above. */
const ACCESS_PATHS =
  /^\/api\/(users|user-profiles|service-accounts|tokens|settings\/sso)(\/|$)|\/approve$|\/reject$/;

/** Path parameters of the samples: every tenant-scoped sample belongs to tenant-001 (tenant A). */
const PARAMS: Record<string, string> = {
  tenantId: 'tenant-001',
  tokenId: 'token-sample',
  identityId: 'identity-sample',
  capabilityId: 'api-001',
  environment: 'production',
  region: 'us-east-1',
  microfrontendId: 'mfe-1',
  versionId: 'mfv-1',
  resourceType: 'microfrontend',
  webhookId: 'hook-a',
  deliveryId: 'delivery-a',
  linkId: 'git-link-sample',
  findingId: 'drift-sample',
};
/** `:id` means a different resource on each route. */
const ID_BY_ROUTE: Record<string, string> = {
  '/api/users/:id/password': 'user-2',
  '/api/audit-exports/:id/download': 'export-sample',
  '/api/users/:id/tokens': 'user-2',
  '/api/users/:id/tokens/:tokenId': 'user-2',
  '/api/users/:id/identities': 'user-2',
  '/api/users/:id/identities/:identityId': 'user-2',
  '/api/microfrontends/:id': 'mfe-1',
  '/api/web-app-meshes/:id': 'mesh-1',
  '/api/deployments/microfrontend/:id/environment/:environment': 'mfe-1',
  '/api/capability-deployments/capability/:id/environment/:environment': 'api-001',
  '/api/rollouts/:resourceType/:id/environment/:environment': 'mfe-1',
  '/api/deployment-health/:resourceType/:id/environment/:environment': 'mfe-1',
  '/api/web-apps/:id': 'app-1',
  '/api/web-app-meshes/:id/manifest': 'mesh-1',
  '/api/users/:id': 'user-2',
  '/api/user-profiles/:id': 'profile-2',
  '/api/capabilities/:id/toggle-environment-blue-green': 'api-001',
  '/api/capabilities/:id/update-environment-slot-version': 'api-001',
  '/api/capabilities/:id/switch': 'api-001',
  '/api/capabilities/:id/rollback': 'api-001',
  '/api/notification-templates/:id': 'tpl-1',
  '/api/user-profiles/:id/restore': 'profile-removed',
  '/api/notification-templates/:id/restore': 'tpl-removed',
  '/api/change-requests/:id': 'cr-comment',
  '/api/change-requests/:id/approve': 'cr-approve',
  '/api/change-requests/:id/reject': 'cr-reject',
  '/api/change-requests/:id/cancel': 'cr-cancel',
  '/api/change-requests/:id/refresh': 'cr-refresh',
  '/api/change-requests/:id/schedule': 'cr-schedule',
  '/api/change-requests/:id/comments': 'cr-comment',
  '/api/change-requests/:id/revert': 'cr-comment',
  '/api/change-requests/:id/promote': 'cr-comment',
  '/api/overview/slots/:id/latency': 'mfd-green',
};

/** Parameters that mean something else on one route than PARAMS says. */
const PARAMS_BY_ROUTE: Record<string, Record<string, string>> = {
  '/api/capability-subscriptions/versions/:versionId/activate': { versionId: 'ver-1' },
  '/api/capability-subscriptions/versions/:versionId/promote': { versionId: 'ver-1' },
  '/api/microfrontend-versions/:versionId/deprecate': { versionId: 'mfv-3' },
  '/api/tenants/:tenantId/gateway-routes/:lineageId/versions': { lineageId: FIXTURE_ROUTE_LINEAGE },
  '/api/tenants/:tenantId/gateway-routes/:lineageId/disable': { lineageId: FIXTURE_ROUTE_LINEAGE },
  '/api/tenants/:tenantId/gateway-routes/:lineageId': { lineageId: FIXTURE_ROUTE_LINEAGE },
  '/api/tenants/:tenantId/gateway-routes/versions/:versionId/activate': { versionId: 'route-v1' },
  '/api/tenants/:tenantId/gateway-routes/:lineageId/promote': { lineageId: FIXTURE_ROUTE_LINEAGE },
  '/api/tenants/:tenantId/gateway-routes/:lineageId/promotion-target': { lineageId: FIXTURE_ROUTE_LINEAGE },
  '/api/tenants/:tenantId/opa-policies/:lineageId/versions': { lineageId: FIXTURE_POLICY_LINEAGE },
  '/api/tenants/:tenantId/opa-policies/:lineageId/disable': { lineageId: FIXTURE_POLICY_LINEAGE },
  '/api/tenants/:tenantId/opa-policies/:lineageId': { lineageId: FIXTURE_POLICY_LINEAGE },
  '/api/tenants/:tenantId/opa-policies/versions/:versionId/activate': { versionId: 'policy-v1' },
  '/api/tenants/:tenantId/opa-policies/:lineageId/promote': { lineageId: FIXTURE_POLICY_LINEAGE },
  '/api/tenants/:tenantId/opa-policies/:lineageId/promotion-target': { lineageId: FIXTURE_POLICY_LINEAGE },
};

/**
 * Bodies for routes that find their tenant in the body: enough for the guard to resolve tenant A,
 * incomplete on purpose so that an allowed request stops at validation (400) and changes nothing.
 */
const BODY_BY_ROUTE: Record<string, object> = {
  'POST /api/capability-subscriptions/versions': { tenantId: 'tenant-001' },
  'POST /api/web-app-meshes': { tenantId: 'tenant-001' },
  'POST /api/web-apps': { tenantId: 'tenant-001' },
  'POST /api/user-profiles': { tenantId: 'tenant-001' },
  // A complete change (the body is validated before the service looks at the tenant); rolling back
  // development with nothing to roll back is refused (409) where it is allowed, so nothing changes.
  'POST /api/change-requests/:id/revert': {},
  'POST /api/change-requests/:id/promote': { targetEnvironment: 'uat' },
  'POST /api/change-requests': {
    change: {
      kind: 'tenant_blue_green.rollback',
      tenantId: 'tenant-001',
      body: { environment: 'development' },
    },
  },
};

type Outcome = 'allowed' | 401 | 403 | 404;
interface Persona extends TestPersona {
  label: string;
}

const PERSONAS: (Persona | null)[] = [
  null,
  { label: 'member', id: 'm-member', email: 'member@a.io', roles: { 'tenant-001': 'member' } },
  { label: 'developer', id: 'm-developer', email: 'developer@a.io', roles: { 'tenant-001': 'developer' } },
  {
    label: 'tenant admin',
    id: 'm-tenant-admin',
    email: 'tenant-admin@a.io',
    roles: { 'tenant-001': 'admin' },
  },
  { label: 'owner', id: 'm-owner', email: 'owner@a.io', roles: { 'tenant-001': 'owner' } },
  {
    label: 'user of another tenant',
    id: 'm-outsider',
    email: 'outsider@b.io',
    roles: { 'tenant-002': 'owner' },
  },
  { label: 'global admin', id: 'm-global-admin', email: 'global-admin@example.com', globalRole: 'admin' },
];

/** A service account with the global administrator role (a pipeline's "Deploy Bot"): tokens only, no session. */
const SERVICE_ACCOUNT: Persona = {
  label: 'service account',
  id: 'm-service-account',
  email: 'deploy-bot@service-accounts.invalid',
  globalRole: 'admin',
};

/**
 * How a caller authenticates. A token acts with its owner's rights narrowed by its scope, and never
 * where only a person may (`humanOnly` routes): each kind here is one way of narrowing.
 */
type Credential =
  'session' | 'token' | 'read-only token' | 'tenant-A token' | 'tenant-B token' | 'mesh token';
type TokenKind = Exclude<Credential, 'session'>;
interface Caller {
  persona: Persona | null;
  credential: Credential;
}
const TOKEN_SCOPES: Record<TokenKind, ApiTokenScope> = {
  token: { readOnly: false, tenantIds: null, meshId: null },
  'read-only token': { readOnly: true, tenantIds: null, meshId: null },
  'tenant-A token': { readOnly: false, tenantIds: ['tenant-001'], meshId: null },
  'tenant-B token': { readOnly: false, tenantIds: ['tenant-002'], meshId: null },
  'mesh token': { readOnly: true, tenantIds: null, meshId: 'mesh-1' },
};
const personaNamed = (label: string): Persona => {
  const persona = PERSONAS.find((p) => p?.label === label);
  if (!persona) throw new Error(`no persona ${label}`);
  return persona;
};
/**
 * Reviewers of tenant A last: an allowed action of theirs (cancelling the sample request) changes the
 * sample's state, and the others must meet their refusal before that.
 */
const reviewsA = (caller: Caller) =>
  caller.persona?.globalRole === 'admin' || roleAllows(caller.persona?.roles?.['tenant-001'], 'approve');
/** Reviewers' sessions last of all: their tokens, which may not cancel a request filed in a session, come first. */
const cancelOrder = (caller: Caller) => (reviewsA(caller) ? (caller.credential === 'session' ? 2 : 1) : 0);
const CALLERS = (
  [
    ...PERSONAS.map((persona) => ({ persona, credential: 'session' as const })),
    ...PERSONAS.flatMap((persona) => (persona ? [{ persona, credential: 'token' as const }] : [])),
    { persona: personaNamed('member'), credential: 'read-only token' },
    { persona: personaNamed('global admin'), credential: 'read-only token' },
    { persona: personaNamed('owner'), credential: 'tenant-A token' },
    { persona: personaNamed('owner'), credential: 'tenant-B token' },
    { persona: personaNamed('user of another tenant'), credential: 'tenant-B token' },
    { persona: personaNamed('global admin'), credential: 'tenant-B token' },
    { persona: personaNamed('global admin'), credential: 'mesh token' },
    { persona: SERVICE_ACCOUNT, credential: 'token' },
  ] satisfies Caller[] as Caller[]
).sort((a, b) => cancelOrder(a) - cancelOrder(b));

/** The persona a tenant-restricted token acts as: its owner's role on tenant B alone (owner for a global admin). */
function restrictedTo(persona: Persona, tenantId: string): Persona {
  const role = persona.globalRole === 'admin' ? 'owner' : persona.roles?.[tenantId];
  return { ...persona, globalRole: 'user', roles: role ? { [tenantId]: role } : {} };
}

/** The tenant a tenant-restricted token is limited to. */
const RESTRICTED_TO: Partial<Record<Credential, string>> = {
  'tenant-A token': 'tenant-001',
  'tenant-B token': 'tenant-002',
};

/** A token's scope applies on every route, public ones included: a mesh token reads its manifest, nothing else. */
function expectedFor(route: RouteEntry, caller: Caller): Outcome {
  const key = `${route.method} ${route.url}`;
  const permission = describePermission(route.permission);
  const { persona, credential } = caller;
  if (credential === 'session' || !persona) return expectedOutcome(key, permission, persona);
  if (route.humanOnly) return 403;
  if (credential === 'mesh token') return key === 'GET /api/web-app-meshes/:id/manifest' ? 'allowed' : 403;
  if (credential === 'read-only token' && (route.method !== 'GET' || route.writersOnly)) return 403;
  const restricted = RESTRICTED_TO[credential];
  const acting = restricted ? restrictedTo(persona, restricted) : persona;
  const outcome = expectedOutcome(key, permission, acting);
  // A token acts only on the change requests it filed; the sample was filed in a session.
  return outcome === 'allowed' && FILER_ONLY_FOR_TOKENS.has(key) ? 403 : outcome;
}

const FILER_ONLY_FOR_TOKENS = new Set([
  'POST /api/change-requests/:id/cancel',
  'POST /api/change-requests/:id/refresh',
]);

/** Where a service refuses more than the route's declaration says (reading the audit log needs ownership). */
const SERVICE_RULES: Record<string, (persona: Persona) => Outcome> = {
  'GET /api/audit-events': (p) =>
    p.globalRole === 'admin' || Object.values(p.roles ?? {}).includes('owner') ? 'allowed' : 403,
  // Change requests of tenant A: readable by its roles (404 for others); reviewed by its owners and
  // admins; cancelled or refreshed by the requester (Bob, not a persona here) or a reviewer.
  'GET /api/change-requests/:id': (p) => changeRequestOutcome(p, () => true),
  // Asking for a change of tenant A: 404 where A is out of sight, 403 where the role may not make it.
  'POST /api/change-requests': (p) =>
    changeRequestOutcome(p, (q) => roleAllows(q.roles?.['tenant-001'], 'blueGreen')),
  'POST /api/change-requests/:id/approve': (p) => changeRequestOutcome(p, reviews),
  'POST /api/change-requests/:id/cancel': (p) => changeRequestOutcome(p, reviews),
  'POST /api/change-requests/:id/refresh': (p) => changeRequestOutcome(p, reviews),
  // Revert and promote read the request first (404 out of sight); the pending sample then is a 409.
  'POST /api/change-requests/:id/revert': (p) => changeRequestOutcome(p, () => true),
  'POST /api/change-requests/:id/promote': (p) => changeRequestOutcome(p, () => true),
  // One user (the sample, Bob, has profiles in tenants A and B): seen by those who share a tenant with them.
  'GET /api/users/:id': (p) =>
    p.globalRole === 'admin' || p.roles?.['tenant-001'] || p.roles?.['tenant-002'] ? 'allowed' : 404,
  // Tenant A's webhook: managed by administrators and A's owners and admins; unseen (404) by anyone else.
  ...Object.fromEntries(
    [
      'GET /api/webhooks/:webhookId',
      'PATCH /api/webhooks/:webhookId',
      'DELETE /api/webhooks/:webhookId',
      'POST /api/webhooks/:webhookId/rotate-secret',
      'GET /api/webhooks/:webhookId/deliveries',
      'POST /api/webhooks/:webhookId/test',
      'POST /api/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
    ].map((key) => [
      key,
      (p: Persona): Outcome =>
        p.globalRole === 'admin' || roleAllows(p.roles?.['tenant-001'], 'configure') ? 'allowed' : 404,
    ]),
  ),
  // Tenant A's Git link and its finding: read (and reverted, as the caller's request) by A's roles,
  // managed by its owners and admins (403 for its other roles); unseen (404) by anyone else.
  ...Object.fromEntries(
    [
      'GET /api/git-links/:linkId',
      'GET /api/git-links/:linkId/drift',
      'POST /api/drift/:findingId/revert',
    ].map((key) => [
      key,
      (p: Persona): Outcome => (p.globalRole === 'admin' || p.roles?.['tenant-001'] ? 'allowed' : 404),
    ]),
  ),
  ...Object.fromEntries(
    [
      'PATCH /api/git-links/:linkId',
      'DELETE /api/git-links/:linkId',
      'POST /api/git-links/:linkId/check',
      'POST /api/drift/:findingId/adopt',
    ].map((key) => [key, (p: Persona): Outcome => gitLinkManageOutcome(p)]),
  ),
};

function gitLinkManageOutcome(p: Persona): Outcome {
  if (p.globalRole === 'admin') return 'allowed';
  const role = p.roles?.['tenant-001'];
  if (!role) return 404;
  return roleAllows(role, 'configure') ? 'allowed' : 403;
}

/** Owners and admins of tenant A (and global administrators) review its change requests. */
const reviews = (p: Persona) => roleAllows(p.roles?.['tenant-001'], 'approve');

function changeRequestOutcome(p: Persona, allowed: (p: Persona) => boolean): Outcome {
  if (p.globalRole === 'admin') return 'allowed';
  if (!p.roles?.['tenant-001']) return 404;
  return allowed(p) ? 'allowed' : 403;
}

function expectedOutcome(route: string, permission: string, persona: Persona | null): Outcome {
  if (permission === 'public') return 'allowed';
  if (!persona) return 401;
  if (SERVICE_RULES[route]) return SERVICE_RULES[route](persona);
  if (persona.globalRole === 'admin' || permission === 'signedIn') return 'allowed';
  if (permission === 'admin') return 403;
  const role = persona.roles?.['tenant-001'];
  if (!role) return 404;
  return roleAllows(role, permission.slice('tenant:'.length) as TenantAction) ? 'allowed' : 403;
}

function sampleUrl(url: string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const value = PARAMS_BY_ROUTE[url]?.[name] ?? (name === 'id' ? ID_BY_ROUTE[url] : PARAMS[name]);
    if (!value) throw new Error(`No sample value for :${name} in ${url}: add one to the matrix test`);
    return value;
  });
}

/**
 * The fixtures plus one removed profile (of tenant A) and one removed template on record, so that the
 * restore routes have something to restore: the first allowed caller restores it (201), later ones 409.
 */
async function fixturesWithRemovals(db: Database): Promise<void> {
  await insertFixtures(db);
  const { label: _label, globalRole, ...account } = SERVICE_ACCOUNT;
  await db.insert(users).values({ ...account, name: 'Deploy Bot', globalRole, kind: 'service' });
  await db.insert(users).values({ id: 'user-removed', email: 'removed@a.io', name: 'Removed Access' });
  // An (empty) export of the audit trail, for its download.
  await db
    .insert(auditExports)
    .values({ id: 'export-sample', reason: 'manual', eventCount: 0, bytes: 0, content: Buffer.alloc(0) });
  // Tenant A's webhook, to a refused address: a test send fails at once instead of waiting on a network.
  await db.insert(webhookSubscriptions).values({
    id: 'hook-a',
    tenantId: 'tenant-001',
    ownerId: 'user-1',
    url: 'http://10.0.0.1/hook',
    eventTypes: ['*'],
    secret: newWebhookSecret(),
    cursor: 0,
  });
  // Tenant A's Git link, to a refused address (a check fails at once), with one open finding.
  await db.insert(gitLinks).values({
    id: 'git-link-sample',
    tenantId: 'tenant-001',
    repoUrl: 'http://10.0.0.1/config.git',
    branch: 'main',
    path: 'acme.yaml',
  });
  await db.insert(driftFindings).values({
    id: 'drift-sample',
    linkId: 'git-link-sample',
    resourceType: 'web_app',
    resourceKey: 'Customer Portal',
    change: 'web_app.update',
    title: 'Edit web app Customer Portal',
    diff: '[]',
    commit: '0'.repeat(40),
  });
  await db.insert(webhookDeliveries).values({
    id: 'delivery-a',
    subscriptionId: 'hook-a',
    webhookId: 'msg_test_a',
    eventType: 'webhook.test',
    attempt: 1,
    ok: false,
    durationMs: 0,
  });
  const removed = (before: object) => JSON.stringify({ before });
  const at = '2024-01-01T00:00:00.000Z';
  await db.insert(auditEvents).values([
    {
      action: 'user_profile.delete',
      resourceType: 'user_profile',
      resourceId: 'profile-removed',
      tenantId: 'tenant-001',
      changes: removed({
        id: 'profile-removed',
        revision: 1,
        userId: 'user-removed',
        tenantId: 'tenant-001',
        role: 'member',
        displayName: null,
        jobTitle: null,
        department: null,
        permissions: null,
        preferences: null,
        status: 'active',
        createdAt: at,
        updatedAt: at,
      }),
    },
    {
      action: 'template.delete',
      resourceType: 'notification-template',
      resourceId: 'tpl-removed',
      changes: removed({
        id: 'tpl-removed',
        revision: 1,
        capabilityId: 'api-007',
        name: 'Removed',
        language: 'de',
        deliveryChannel: 'inapp',
        subject: null,
        content: 'Hallo',
        variables: [],
        status: 'active',
        createdAt: at,
        updatedAt: at,
        createdBy: 'system',
      }),
    },
  ]);
}

/** The guard's own verdict on a request, without sending it (for deletes that must not run). */
async function guardDecision(db: Database, route: RouteEntry, url: string, caller: Caller): Promise<void> {
  const { persona, credential } = caller;
  if (!persona) throw new Error('an anonymous caller has no viewer');
  const [user] = await db.select().from(users).where(eq(users.id, persona.id));
  if (!user) throw new Error(`persona ${persona.id} missing`);
  const { passwordHash: _hash, ...publicUser } = user;
  // The sample URL's segments, named by the route's ':param' segments.
  const sample = url.split('/');
  const params = Object.fromEntries(
    route.url
      .split('/')
      .flatMap((segment, i) => (segment.startsWith(':') ? [[segment.slice(1), sample[i]]] : [])),
  );
  const request = {
    method: route.method,
    params,
    body: undefined,
    routeOptions: { url: route.url, config: { humanOnly: route.humanOnly } },
  } as unknown as FastifyRequest;
  let viewer = await loadViewer(db, publicUser, '');
  if (credential !== 'session') {
    const token = { id: 'sample', name: 'sample', ...TOKEN_SCOPES[credential] };
    viewer = narrowToToken(viewer, token);
    assertTokenMayCall(token, request);
  }
  await authorize(route.permission, viewer, request, db);
}

describeApi(
  'authorization matrix',
  (ctx) => {
    it('every /api route declares the expected permission, and nothing is left undeclared', () => {
      const declared = Object.fromEntries(
        ctx().app.routeTable.map((r) => [`${r.method} ${r.url}`, describePermission(r.permission)]),
      );
      expect(declared).toEqual(EXPECTED);
    });

    it('marks every route that administers access as human-only, and knows every such route', () => {
      const routes = ctx().app.routeTable;
      const humanOnly = new Set(routes.filter((r) => r.humanOnly).map((r) => `${r.method} ${r.url}`));
      expect(ACCESS_ADMINISTRATION.filter((key) => !humanOnly.has(key))).toEqual([]);
      const writes = routes.filter((r) => r.method !== 'GET' && ACCESS_PATHS.test(r.url));
      const unlisted = writes
        .map((r) => `${r.method} ${r.url}`)
        .filter((k) => !ACCESS_ADMINISTRATION.includes(k));
      expect(unlisted).toEqual([]);
    });

    // One request per route and caller, a few thousand in all: more than the default timeout on a busy machine.
    it('answers every route as the role table says, for every kind of user, by session or by token', async () => {
      const failures: string[] = [];
      const { db, app } = ctx();
      const tokens = new Map<Caller, string>();
      for (const caller of CALLERS) {
        if (caller.persona && caller.credential !== 'session') {
          tokens.set(caller, await bearerTokenFor(db, caller.persona, TOKEN_SCOPES[caller.credential]));
        }
      }
      for (const route of app.routeTable) {
        const key = `${route.method} ${route.url}`;
        const url = sampleUrl(route.url);
        for (const caller of CALLERS) {
          const { persona, credential } = caller;
          const expected = expectedFor(route, caller);
          const who = `${persona?.label ?? 'anonymous'} (${credential})`;
          const streams = route.url === LIVE_EVENTS_PATH;
          if (expected === 'allowed' && (route.method === 'DELETE' || streams) && persona) {
            // An allowed delete would remove the samples the other checks need, and an allowed live
            // stream never ends: ask the guard itself.
            await guardDecision(db, route, url, caller).catch((error: unknown) => {
              failures.push(`${key} as ${who}: expected allowed, the guard refused: ${String(error)}`);
            });
            continue;
          }
          // A fresh session per request: an allowed sign-out must not end the next check's session.
          const token = tokens.get(caller);
          const headers = token
            ? { authorization: token }
            : persona
              ? { cookie: await sessionCookieFor(db, persona) }
              : {};
          // Allowed mutations get an empty body: authorization runs before validation, so they stop at 400.
          const res = await app.inject({
            method: route.method as 'GET',
            url,
            headers,
            ...(route.method === 'GET' ? {} : { payload: BODY_BY_ROUTE[key] ?? {} }),
          });
          const ok =
            expected === 'allowed'
              ? ![401, 403, 404].includes(res.statusCode) && res.statusCode < 500
              : res.statusCode === expected;
          if (!ok)
            failures.push(
              `${key} as ${who}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
        }
      }
      expect(failures).toEqual([]);
    }, 240_000);

    it('refuses every kind of token (403) on every route that administers access', async () => {
      const { db, app } = ctx();
      const failures: string[] = [];
      const callers: Caller[] = [
        ...(Object.keys(TOKEN_SCOPES) as TokenKind[]).map((credential) => ({
          persona: personaNamed('global admin'),
          credential,
        })),
        { persona: personaNamed('owner'), credential: 'token' },
        { persona: personaNamed('owner'), credential: 'tenant-A token' },
        { persona: SERVICE_ACCOUNT, credential: 'token' },
      ];
      for (const caller of callers) {
        const credential = caller.credential as TokenKind;
        const authorization = await bearerTokenFor(
          db,
          caller.persona ?? SERVICE_ACCOUNT,
          TOKEN_SCOPES[credential],
        );
        for (const key of ACCESS_ADMINISTRATION) {
          const [method = '', url = ''] = key.split(' ');
          const res = await app.inject({
            method: method as 'POST',
            url: sampleUrl(url),
            headers: { authorization },
            ...(method === 'GET' ? {} : { payload: BODY_BY_ROUTE[key] ?? {} }),
          });
          if (res.statusCode !== 403) {
            const who = `${caller.persona?.label} (${credential})`;
            failures.push(`${key} as ${who}: expected 403, got ${res.statusCode} ${res.body.slice(0, 100)}`);
          }
        }
      }
      expect(failures).toEqual([]);
    });
  },
  async (db) => {
    await fixturesWithRemovals(db);
    await insertGatewayFixtures(db);
    await insertChangeRequestFixtures(db);
  },
);
