import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TOKEN_MESSAGES } from '../../contract/api-tokens';
import type { TokenRateLimiter } from './tokens/rate-limit';
import { resolveApiToken } from './tokens/resolve';
import { assertTokenMayCall, DOCS_PREFIX, narrowToToken } from './tokens/scope';
import { bearerTokenOf } from './tokens/secrets';
import type { Database } from '../db/client';
import { AppError, badRequest, forbidden, notFound, unauthenticated } from '../errors';
import type { PasswordLoginPolicy } from './password-login';
import type { Permission } from './permissions';
import { resolveSession, SESSION_COOKIE, type SessionPolicy } from './sessions';
import {
  actorOf,
  tenantScope,
  viewerCan,
  viewerOf,
  type Actor,
  type TenantScope,
  type Viewer,
} from './viewer';

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
    /**
     * Set on routes only a person may call (reviews, token management, access administration): the
     * refusal an API token gets, whatever its owner's role (docs/automation.md, "Four eyes stays human").
     */
    humanOnly?: string;
    /**
     * Set on routes whose answer holds every secret as stored (the backup): the refusal a read-only API
     * token gets, which never sees a secret (docs/security.md, "Secrets in settings").
     */
    writersOnly?: string;
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
  /** The refusal an API token gets on a route only people may call. */
  humanOnly?: string;
  /** The refusal a read-only API token gets on a route whose answer holds secrets as stored. */
  writersOnly?: string;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

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
 * authenticated from its session cookie or bearer token, then authorized before its input is even validated.
 */
export interface GuardDeps {
  db: Database;
  sessionPolicy: SessionPolicy;
  /** PASSWORD_LOGIN in force: a password session it no longer allows ends at its next request. */
  passwordLogin?: PasswordLoginPolicy;
  tokenRateLimiter: TokenRateLimiter;
}

/** Reads the viewer of a request again (a live stream re-checks it); null once the credential is gone. */
export type Reauthenticate = (request: FastifyRequest) => Promise<Viewer | null>;

export function registerGuard(app: FastifyInstance, deps: GuardDeps): Reauthenticate {
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.decorateRequest('viewer', null);

  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url) || route.url.startsWith(DOCS_PREFIX)) return;
    const permission = route.config?.permission;
    if (!permission) throw new Error(`Route ${String(route.method)} ${route.url} declares no permission`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        app.routeTable.push({
          method,
          url: route.url,
          permission,
          humanOnly: route.config?.humanOnly,
          writersOnly: route.config?.writersOnly,
        });
      }
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isApiRoute(request.url.split('?')[0] ?? '')) return;
    // API answers carry user data: never cached by browsers or proxies.
    reply.header('cache-control', 'no-store');
    request.viewer = await authenticate(request, deps);
    // A token's scope holds on every /api request, public routes, the docs and unknown paths included.
    const token = request.viewer?.token;
    if (token) assertTokenMayCall(token, request);
    const permission = request.routeOptions.config?.permission;
    if (!permission && !request.viewer && request.routeOptions.url?.startsWith(DOCS_PREFIX))
      throw unauthenticated();
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    const permission = request.routeOptions.config?.permission;
    if (!permission) return;
    await authorize(permission, request.viewer, request, deps.db);
  });

  return async (request) => {
    try {
      return await authenticate(request, deps, { recheck: true });
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHENTICATED') return null;
      throw error;
    }
  };
}

/**
 * Who sends the request: a bearer token (an API client: no ambient credential, so no CSRF check) or a
 * session cookie (a browser: same-origin writes only). Both at once is refused rather than guessed.
 */
async function authenticate(
  request: FastifyRequest,
  deps: GuardDeps,
  /** A re-check of an open stream: not a new request, so no rate limit and no session activity. */
  { recheck = false } = {},
): Promise<Viewer | null> {
  const bearer = bearerTokenOf(request.headers.authorization);
  const cookie = request.cookies[SESSION_COOKIE];
  if (bearer !== undefined) {
    if (cookie) throw badRequest(TOKEN_MESSAGES.bothCredentials);
    const { user, roles, token } = await resolveApiToken(deps.db, bearer, request.ip);
    if (!recheck) deps.tokenRateLimiter.take(token.id);
    return narrowToToken(viewerOf(user, `token:${token.id}`, roles), token);
  }
  assertSameOrigin(request);
  if (!cookie) return null;
  const session = await resolveSession(deps.db, cookie, deps.sessionPolicy, {
    touch: !recheck,
    passwordLogin: deps.passwordLogin,
  });
  return session ? viewerOf(session.user, session.sessionId, session.roles) : null;
}

/** The viewer of a route that requires sign-in (the guard ran before the handler). */
export function requireViewer(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  return request.viewer;
}

/** The tenants a signed-in request may read: what a list in the viewer's scope is narrowed to. */
export function requestScope(request: FastifyRequest): TenantScope {
  return tenantScope(requireViewer(request));
}

/** Who makes a signed-in request, from where: what a write records in its audit event. */
export function requestActor(request: FastifyRequest): Actor {
  return actorOf(requireViewer(request), request.ip);
}
