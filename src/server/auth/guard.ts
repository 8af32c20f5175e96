import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { AppError, forbidden, notFound, unauthenticated } from '../errors';
import type { Permission } from './permissions';
import { resolveSession, SESSION_COOKIE, type SessionPolicy } from './sessions';
import { actorOf, loadViewer, viewerCan, type Actor, type Viewer } from './viewer';

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
  }
  interface FastifyRequest {
    viewer: Viewer | null;
  }
  interface FastifyInstance {
    /** Every /api route with its permission, as registered: the authorization matrix test walks it. */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  permission: Permission;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Routes a plugin registers (the OpenAPI UI) cannot carry our config: they need a signed-in user. */
const DOCS_PREFIX = '/api/docs';

const isApiRoute = (url: string) => url === '/api' || url.startsWith('/api/');

/** Throws unless the viewer may do what `permission` asks on this request. */
export async function authorize(
  permission: Permission,
  viewer: Viewer | null,
  request: FastifyRequest,
  db: Database,
): Promise<void> {
  if (permission.scope === 'public') return;
  if (!viewer) throw unauthenticated();
  if (permission.scope === 'signedIn' || viewer.isAdmin) return;
  if (permission.scope === 'admin') throw forbidden('Only administrators can do this');
  const tenantId = await permission.tenant(request, db);
  if (tenantId === undefined) throw notFound(permission.notFound);
  // Outside the viewer's tenants the resource does not exist, as far as they can tell.
  if (!viewer.roles.has(tenantId)) throw notFound(permission.notFound);
  if (!viewerCan(viewer, tenantId, permission.action)) {
    throw forbidden(`Your role on this tenant does not allow this (${permission.action})`);
  }
}

/** Refuses a state-changing request that a browser sent from another site (CSRF). */
function assertSameOrigin(request: FastifyRequest): void {
  if (!UNSAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin !== undefined) {
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      throw forbidden('Cross-site request refused');
    }
    // Fastify's host reads X-Forwarded-Host only from a proxy TRUST_PROXY names.
    const host = request.host;
    if (originHost !== host) throw forbidden('Cross-site request refused');
    return;
  }
  // No Origin (curl, scripts): browsers always send Sec-Fetch-Site, so a cross-site browser request shows here.
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw forbidden('Cross-site request refused');
}

/**
 * Deny by default: an /api route that declares no permission fails at registration; every request is
 * authenticated from its session cookie, then authorized before its input is even validated.
 */
export function registerGuard(
  app: FastifyInstance,
  deps: { db: Database; sessionPolicy: SessionPolicy },
): void {
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.decorateRequest('viewer', null);

  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url) || route.url.startsWith(DOCS_PREFIX)) return;
    const permission = route.config?.permission;
    if (!permission) throw new Error(`Route ${String(route.method)} ${route.url} declares no permission`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.routeTable.push({ method, url: route.url, permission });
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isApiRoute(request.url.split('?')[0] ?? '')) return;
    // API answers carry user data: never cached by browsers or proxies.
    reply.header('cache-control', 'no-store');
    assertSameOrigin(request);
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      const session = await resolveSession(deps.db, token, deps.sessionPolicy);
      if (session) request.viewer = await loadViewer(deps.db, session.user, session.sessionId);
    }
    const permission = request.routeOptions.config?.permission;
    if (!permission && !request.viewer && request.routeOptions.url?.startsWith(DOCS_PREFIX))
      throw unauthenticated();
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    const permission = request.routeOptions.config?.permission;
    if (permission) await authorize(permission, request.viewer, request, deps.db);
  });
}

/** The viewer of a route that requires sign-in (the guard ran before the handler). */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  return request.viewer;
}

/** Who makes a signed-in request, from where: what a write records in its audit event. */
export function requestActor(request: FastifyRequest): Actor {
  return actorOf(requireViewer(request), request.ip);
}
