import { viewerCan, type Viewer } from '../auth/viewer';
import { notFound } from '../errors';
import { propertyOf } from '../unknown';
import type { StoredResponse } from './idempotency-store';

/**
 * Who may see a replay (docs/idempotency.md, "Rights at replay"). The route's guard runs again before
 * every replay, like before any request, but many routes leave the tenant check to their service (a change
 * request's tenant is in its body or its row), and a replay skips the service. So a stored success that
 * names a tenant is shown only to a caller who may still read that tenant, as a read of it would be.
 */

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
 * Throws 404, as a read would, when the stored response names a tenant the caller may no longer read
 * (a platform-wide one: when the caller is no longer a global administrator).
 */
export function assertMayStillSee(viewer: Viewer, response: StoredResponse): void {
  const tenantId = tenantNamedBy(response);
  if (tenantId === undefined) return;
  const allowed = tenantId === null ? viewer.isAdmin : viewerCan(viewer, tenantId, 'read');
  if (!allowed) throw notFound('Resource');
}
