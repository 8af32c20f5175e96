import type { LiveEvent } from '../../contract/events';
import type { RouteEntry } from '../auth/guard';
import type { Viewer } from '../auth/viewer';

/**
 * The one place that decides who sees which live event (docs/live-updates.md, "Who sees what").
 *
 * An event of a tenant goes to the administrators and to the tenant's members (any role: every role may
 * read). An event without a tenant goes to the administrators, to the user it is about, and to everyone
 * signed in when its resource type is one that every signed-in user may read: the route named here for
 * the type is looked up in the route table, so a route whose permission tightens tightens this too.
 * A type not in the table (a new one) is treated as closed until it is added here (the live coverage
 * test fails for it).
 */
export const READ_ROUTE_OF_TYPE: Record<string, string | null> = {
  tenant: 'GET /api/tenants/:tenantId',
  capability: 'GET /api/capabilities/:capabilityId',
  'notification-template': 'GET /api/notification-templates/capability/:capabilityId',
  'configuration-version':
    'GET /api/capability-subscriptions/versions/history/:tenantId/:capabilityId/:environment/:region',
  microfrontend: 'GET /api/microfrontends/:id',
  mesh: 'GET /api/web-app-meshes/:id',
  deployment: 'GET /api/deployments/microfrontend/:id/environment/:environment',
  web_app: 'GET /api/web-apps/:id',
  'gateway-route': 'GET /api/tenants/:tenantId/gateway-routes',
  'opa-policy': 'GET /api/tenants/:tenantId/opa-policies',
  platform: 'GET /api/approval-policy',
  settings: 'GET /api/settings',
  // Administrators' business (and the user's own, below): no read route every member may call.
  // A tenant's change request reaches its members by the tenant rule; one of the platform (no tenant)
  // only administrators may read (changes/reads.ts), though its read route is open to every signed-in user.
  'change-request': null,
  user: null,
  user_profile: null,
  api_token: null,
  session: null,
  system: null,
};

/** Resource types whose events carry the viewer's own rights: the stream re-reads the viewer first. */
export const RIGHTS_TYPES = new Set(['user', 'user_profile', 'session', 'api_token']);

/** The resource types every signed-in user may read, as the route table says. */
export function openResourceTypes(routeTable: RouteEntry[]): Set<string> {
  const scopes = new Map(routeTable.map((r) => [`${r.method} ${r.url}`, r.permission.scope]));
  const open = new Set<string>();
  for (const [type, route] of Object.entries(READ_ROUTE_OF_TYPE)) {
    const scope = route === null ? undefined : scopes.get(route);
    if (route !== null && scope === undefined) throw new Error(`Live events: no route ${route} (${type})`);
    if (scope === 'signedIn' || scope === 'public') open.add(type);
  }
  return open;
}

/** An event about the viewer themselves: their user, their sign-ins, their token. */
export function isAboutViewer(event: LiveEvent, viewer: Viewer): boolean {
  if (event.resourceType === 'user' || event.resourceType === 'session') {
    return event.resourceId === viewer.user.id;
  }
  if (event.resourceType === 'api_token') {
    return event.resourceId === viewer.token?.id || event.actor?.id === viewer.user.id;
  }
  return false;
}

export function maySee(viewer: Viewer, event: LiveEvent, openTypes: Set<string>): boolean {
  if (viewer.isAdmin) return true;
  if (event.tenantId !== null) return viewer.roles.has(event.tenantId);
  return openTypes.has(event.resourceType) || isAboutViewer(event, viewer);
}
