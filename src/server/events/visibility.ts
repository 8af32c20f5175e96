import { resourceTypes } from '../../contract/resource-types';
import type { LiveEvent } from '../../contract/events';
import type { RouteEntry } from '../auth/guard';
import type { Viewer } from '../auth/viewer';
import type { FeedEvent } from './audit-feed-rows';

/**
 * The one place that decides who sees which live event (docs/live-updates.md, "Who sees what").
 *
 * An event of a tenant goes to the administrators and to the tenant's members (any role: every role may
 * read). An event without a tenant goes to the administrators, to the user it is about, and to everyone
 * signed in when its resource type is one that every signed-in user may read: the read route its
 * registry entry names (src/contract/resource-types.ts) is looked up in the route table, so a route
 * whose permission tightens tightens this too.
 */

/** The resource types every signed-in user may read, as the route table says. */
export function openResourceTypes(routeTable: RouteEntry[]): Set<string> {
  const scopes = new Map(routeTable.map((r) => [`${r.method} ${r.url}`, r.permission.scope]));
  const open = new Set<string>();
  for (const [type, { readRoute: route }] of Object.entries(resourceTypes)) {
    const scope = route === null ? undefined : scopes.get(route);
    if (route !== null && scope === undefined) throw new Error(`Live events: no route ${route} (${type})`);
    if (scope === 'signedIn' || scope === 'public') open.add(type);
  }
  return open;
}

/**
 * Whether an event can change what this viewer may see or end their credential: the stream reads the
 * viewer again before it (and at every heartbeat, for what no event announces). Only these: the
 * viewer's own user (role, status, password, deletion) and sessions (a sign-out), the token the stream
 * uses, a profile of the viewer's (a profile of someone else's is no business of theirs, and an anonymous
 * failed sign-in nobody's), and the deletion of one of the viewer's tenants (its profiles go with it,
 * without events of their own).
 */
export function mayConcern(viewer: Viewer, item: FeedEvent): boolean {
  const { event } = item;
  switch (event.resourceType) {
    case 'user':
    case 'session':
      return event.resourceId === viewer.user.id;
    case 'api_token':
      return viewer.token !== undefined && event.resourceId === viewer.token.id;
    case 'user_profile':
      // Whose profile could not be told: it may be theirs.
      return item.profileUserId === undefined || item.profileUserId === viewer.user.id;
    case 'tenant':
      return event.action === 'tenant.delete' && event.tenantId !== null && viewer.roles.has(event.tenantId);
    default:
      return false;
  }
}

/**
 * An event without a tenant about the viewer themselves: their user, their sign-ins, the tokens they
 * manage. A token's stream carries only its own token's events (managing tokens is for people), and a
 * token narrowed to tenants nothing of its owner's outside those tenants.
 */
function isAboutViewer(viewer: Viewer, event: LiveEvent): boolean {
  const { token } = viewer;
  if (event.resourceType === 'api_token') {
    return token ? event.resourceId === token.id : event.actor?.id === viewer.user.id;
  }
  if (token && token.tenantIds !== null) return false;
  if (event.resourceType === 'user' || event.resourceType === 'session') {
    return event.resourceId === viewer.user.id;
  }
  return false;
}

/**
 * Whether the viewer may see the event. `before` is the viewer as it was until this event made the
 * stream read them again: an event of a tenant reaches its members at the time, those after it and,
 * for the event that ended their membership (their tenant deleted), those until it. Nothing else of the
 * old rights counts: every other event is judged on the viewer as read now.
 */
export function maySee(viewer: Viewer, event: LiveEvent, openTypes: Set<string>, before?: Viewer): boolean {
  if (viewer.isAdmin) return true;
  if (event.tenantId !== null) {
    return viewer.roles.has(event.tenantId) || before?.roles.has(event.tenantId) === true;
  }
  return openTypes.has(event.resourceType) || isAboutViewer(viewer, event);
}
