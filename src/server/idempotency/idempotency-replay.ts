import { createHash } from 'node:crypto';
import { viewerCan, type Viewer } from '../auth/viewer';
import { AppError, notFound } from '../errors';
import { propertyOf } from '../unknown';
import type { StoredResponse } from './idempotency-store';

/**
 * Who may see a replay (docs/idempotency.md, "Rights at replay"). The route's guard runs again before
 * every replay, like before any request, but many routes leave the tenant check to their service (a change
 * request's tenant is in its body or its row, a plan's in the document it carries), and a replay skips the
 * service. So a stored answer is replayed only to a caller whose access is the same as when it was made.
 * A row stored before that was kept cannot show it was, so it is never replayed.
 */

export const ACCESS_CHANGED_MESSAGE =
  'Your access has changed since this Idempotency-Key was first used, so its stored answer is not ' +
  'replayed; check the outcome of the first request, then send a new request with a new key';

export const ACCESS_UNKNOWN_MESSAGE =
  'This Idempotency-Key was first used before the caller’s access was recorded with it, so its stored ' +
  'answer is not replayed; check the outcome of the first request, then send a new request with a new key';

/**
 * Everything that decides what a caller may do or see: the global role, the role on each tenant, and a
 * token's scope. Hashed, since a user may hold thousands of tenant roles.
 */
export function accessHashOf(viewer: Viewer): string {
  const roles = [...viewer.roles].map(([tenantId, role]) => `${tenantId}=${role}`).sort();
  const token = viewer.token;
  const access = {
    globalRole: viewer.user.globalRole,
    isAdmin: viewer.isAdmin,
    roles,
    token: token ? { tenantIds: token.tenantIds, readOnly: token.readOnly, meshId: token.meshId } : null,
  };
  return createHash('sha256').update(JSON.stringify(access)).digest('base64url');
}

/** The tenant a stored JSON success names: an id, null (a platform-wide resource), or undefined (none). */
function tenantNamedBy(response: StoredResponse): string | null | undefined {
  if (response.status < 200 || response.status >= 300 || response.body === null) return undefined;
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(response.headers['content-type'] ?? '')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || !Object.hasOwn(parsed, 'tenantId')) return undefined;
  const tenantId = propertyOf(parsed, 'tenantId');
  if (tenantId === null) return null;
  return typeof tenantId === 'string' ? tenantId : undefined;
}

/**
 * Throws 404, as a read would, when the stored response names a tenant the caller may no longer read (a
 * platform-wide one: when the caller is no longer a global administrator); else 403 when the caller's
 * access has changed in any way since the answer was made, or when the row does not say (it was stored
 * before the access was kept: a replay that cannot be shown safe is refused rather than trusted).
 */
export function assertMayStillSee(
  viewer: Viewer,
  response: StoredResponse,
  storedAccess: string | null,
): void {
  const tenantId = tenantNamedBy(response);
  if (tenantId !== undefined) {
    const allowed = tenantId === null ? viewer.isAdmin : viewerCan(viewer, tenantId, 'read');
    if (!allowed) throw notFound('Resource');
  }
  if (storedAccess === null) throw new AppError('FORBIDDEN', ACCESS_UNKNOWN_MESSAGE);
  if (storedAccess !== accessHashOf(viewer)) throw new AppError('FORBIDDEN', ACCESS_CHANGED_MESSAGE);
}
