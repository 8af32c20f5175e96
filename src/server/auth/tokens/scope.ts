import type { FastifyRequest } from 'fastify';
import { TOKEN_MESSAGES } from '../../../contract/api-tokens';
import type { Viewer, ViewerToken } from '../viewer';
import { forbidden } from '../../errors';
import { propertyOf } from '../../unknown';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The one route a host shell's mesh token may call. */
export const MESH_MANIFEST_ROUTE = '/api/web-app-meshes/:id/manifest';
/** The OpenAPI document and its UI: registered by a plugin, so without our route config; people only. */
export const DOCS_PREFIX = '/api/docs';

/**
 * The owner's rights narrowed to what the token allows, never widened: a tenant-restricted token keeps
 * the owner's role on each of its tenants (owner for a global administrator, whose token then loses the
 * platform-wide rights), and a tenant the owner lost access to is gone from the token too.
 */
export function narrowToToken(viewer: Viewer, token: ViewerToken): Viewer {
  if (token.tenantIds === null) return { ...viewer, token };
  const roles = new Map(
    token.tenantIds.flatMap((tenantId) => {
      const role = viewer.isAdmin ? 'owner' : viewer.roles.get(tenantId);
      return role ? [[tenantId, role] as const] : [];
    }),
  );
  return { ...viewer, isAdmin: false, roles, token };
}

/**
 * What a token may not do whatever its owner's role: act where a person must (`humanOnly` routes:
 * reviews, token management, access administration), read the API documentation, call anything but its
 * mesh's manifest when it is a host shell's token, or, when read-only, write or read what holds secrets
 * as stored (`writersOnly` routes: the backup). The guard asks on every /api request a token sends.
 */
export function assertTokenMayCall(token: ViewerToken, request: FastifyRequest): void {
  const humanOnly = request.routeOptions.config?.humanOnly;
  if (humanOnly) throw forbidden(humanOnly);
  if (request.routeOptions.url?.startsWith(DOCS_PREFIX)) throw forbidden(TOKEN_MESSAGES.docs);
  if (token.meshId !== null) {
    const isManifest =
      request.method === 'GET' &&
      request.routeOptions.url === MESH_MANIFEST_ROUTE &&
      propertyOf(request.params, 'id') === token.meshId;
    if (!isManifest) throw forbidden(TOKEN_MESSAGES.meshOnly);
  }
  if (!token.readOnly) return;
  if (!SAFE_METHODS.has(request.method)) throw forbidden(TOKEN_MESSAGES.readOnly);
  const writersOnly = request.routeOptions.config?.writersOnly;
  if (writersOnly) throw forbidden(writersOnly);
}
