import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../contract/errors';
import { adminRoutes } from './admin/routes';
import { DEFAULT_API_TOKEN_MAX_DAYS, DEFAULT_API_TOKEN_RATE_LIMIT } from '../contract/api-tokens';
import { TokenRateLimiter } from './auth/tokens/rate-limit';
import { apiTokenRoutes } from './api-tokens/routes';
import { NO_ALLOWANCE } from './delivery/probes/address-policy';
import { webhookRoutes } from './webhooks/routes';
import { gitSyncRoutes } from './git-sync/routes';
import { DEFAULT_GIT_SYNC_SETTINGS, type GitSyncSettings } from './git-sync/settings';
import { configAsCodeRoutes } from './config-as-code/routes';
import { DEFAULT_WEBHOOK_TIMEOUT_MS } from '../contract/webhooks';
import type { SendSettings } from './webhooks/deliveries';
import { auditRoutes } from './audit-log/routes';
import { auditRetentionRoutes } from './audit-log/retention-routes';
import { registerGuard } from './auth/guard';
import { loadEstimatorForPasswordRoutes } from './auth/password-strength';
import { createOidcClient } from './auth/oidc/client';
import { DEFAULT_SIGN_IN_OPTIONS, type SignInOptions } from './auth/oidc/config';
import { authRoutes } from './auth/routes';
import { DEFAULT_SESSION_POLICY, SESSION_COOKIE, type SessionPolicy } from './auth/sessions';
import { capabilityRoutes } from './capabilities/routes';
import { changeRequestRoutes } from './changes/routes';
import { notificationTemplateRoutes } from './capabilities/templates-routes';
import { configurationVersionRoutes } from './capabilities/versions-routes';
import type { DatabaseHandle } from './db/client';
import type { TrustProxy } from './env';
import { blueGreenOwnerRoutes } from './delivery/blue-green/routes';
import { deploymentRoutes } from './delivery/deployments/routes';
import { LiveFeed } from './events/feed';
import { DEFAULT_LIVE_LIMITS, liveEventRoutes, type LiveLimits } from './events/routes';
import { gatewayRoutes } from './gateway/routes';
import { healthRoutes } from './health/routes';
import { compiledSerializerCompiler } from './http/compiled-serializer';
import { registerCompression } from './http/compression';
import { registerErrorHandler } from './http/error-handler';
import { withListHeaders } from './http/openapi-list-headers';
import { registerSecurityHeaders } from './http/security-headers';
import { registerIdempotency } from './idempotency/idempotency';
import { DEFAULT_IDEMPOTENCY_LIMITS, type IdempotencyLimits } from './idempotency/idempotency-store';
import { registerRequestLog } from './http/request-log';
import { AppMetrics, registerRequestMetrics } from './http/metrics';
import { registerBreakerGate } from './http/breaker-gate';
import { registerRefusedTextRule } from './http/refused-text';
import { serverRender } from './http/server-render';
import { type ClientPage, isClientPath, registerStaticClient } from './http/static-client';
import { microfrontendRoutes } from './microfrontends/routes';
import { overviewRoutes } from './overview/routes';
import { rolloutRoutes } from './delivery/rollouts/routes';
import { healthCheckRoutes } from './delivery/probes/routes';
import { registerMaintenanceGuard } from './settings/maintenance';
import { settingsRoutes } from './settings/routes';
import { notificationPreferenceRoutes } from './email/routes';
import { ssoSettingsRoutes } from './auth/oidc/sso-routes';
import { tenantRoutes } from './tenants/routes';
import { userRoutes } from './users/routes';
import { webAppRoutes } from './web-apps/routes';

export interface AppDeps {
  database: Pick<DatabaseHandle, 'db' | 'kind' | 'ping' | 'poolStats' | 'breaker' | 'dump' | 'listen'>;
  /** Directory of the built client (dist/client); omitted in API-only tests. */
  clientDir?: string;
  /**
   * Directory of the built renderer of a page's first view (dist/ssr, http/server-render.ts); omitted, the
   * browser renders every page.
   */
  serverRenderDir?: string;
  logger?: FastifyServerOptions['logger'];
  sessionPolicy?: SessionPolicy;
  /** Secure session cookies: always, never, or when the request came over TLS (default). */
  secureCookie?: 'auto' | boolean;
  /**
   * Which proxies' X-Forwarded-For/-Proto/-Host to believe (Fastify's `trustProxy`). Default false:
   * the client address is the socket's, so a client cannot pick the address its sign-in limit and
   * audit events are recorded under.
   */
  trustProxy?: TrustProxy;
  /** Single sign-on and PASSWORD_LOGIN (docs/sso.md); default: passwords for everyone, no SSO. */
  signIn?: SignInOptions;
  /** API tokens: the longest expiry a token may ask for, and requests per token per minute. */
  apiTokens?: ApiTokenSettings;
  /** The live event streams' limits (docs/live-updates.md); tests shorten the heartbeat. */
  live?: Partial<LiveLimits>;
  /** Idempotency-Key's waits and lease (docs/idempotency.md); tests shorten them. */
  idempotency?: Partial<IdempotencyLimits>;
  /** Where webhooks may be sent, how long a send may take, the console's address for links (docs/webhooks.md). */
  webhooks?: SendSettings;
  /** How repositories are reached for Git links (docs/config-as-code-git.md). */
  gitSync?: GitSyncSettings;
}

const DEFAULT_WEBHOOK_SETTINGS: SendSettings = {
  timeoutMs: DEFAULT_WEBHOOK_TIMEOUT_MS,
  allowance: NO_ALLOWANCE,
  publicUrl: 'http://localhost',
};

export interface ApiTokenSettings {
  maxDays: number;
  requestsPerMinute: number;
}

const DEFAULT_API_TOKEN_SETTINGS: ApiTokenSettings = {
  maxDays: DEFAULT_API_TOKEN_MAX_DAYS,
  requestsPerMinute: DEFAULT_API_TOKEN_RATE_LIMIT,
};

/**
 * What the built client needs and nothing more: its own scripts and styles, inline style attributes
 * (Radix positions popovers with them), avatars from https hosts. No inline scripts anywhere.
 */
const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * Fastify's types leave out the hop count its `trustProxy` accepts; the function form says the same
 * thing (trust the n closest hops), as proxy-addr does for a number.
 */
function fastifyTrustProxy(trust: TrustProxy) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;

/**
 * The zod validator and the compiled response serializer (http/compiled-serializer.ts, which the zod
 * contract drives) as Fastify's compiler factories. Fastify's declarations type the factories for Ajv's
 * compile signature; at run time Fastify calls the compiler a factory builds with the route's
 * { schema, method, url, httpPart }, as the zod compilers expect (the call setValidatorCompiler makes).
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => compiledSerializerCompiler,
} as unknown as CompilersFactory;

/** The Fastify instance with the server-wide options: proxies, body limit, request ids, zod compilers. */
function createServer(deps: AppDeps) {
  return Fastify({
    logger: deps.logger ?? false,
    trustProxy: fastifyTrustProxy(deps.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    // One line per request instead of Fastify's two (http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    // Every route validates and serializes with zod. Given as the compilers' factories, Fastify never loads
    // its default Ajv and fast-json-stringify compilers (~100 ms of start-up for nothing).
    schemaController: { compilersFactory: ZOD_COMPILERS },
  }).withTypeProvider<ZodTypeProvider>();
}

/** An unknown page of the client gets index.html (the client router decides); anything else a 404. */
function registerNotFound(app: ReturnType<typeof createServer>, clientPage: ClientPage | undefined): void {
  app.setNotFoundHandler((request, reply) => {
    if (clientPage && isClientPath(request.url) && (request.method === 'GET' || request.method === 'HEAD')) {
      // History fallback: the client router decides what an unknown page is.
      return clientPage(request, reply);
    }
    const body: ErrorBody = {
      message: `Route ${request.method} ${request.url.split('?')[0]} not found`,
      code: 'NOT_FOUND',
    };
    return reply.status(404).send(body);
  });
}

/** Builds the whole HTTP application without listening: used by main.ts and by the tests. */
export async function buildApp(deps: AppDeps) {
  const app = createServer(deps);
  registerRequestLog(app);

  // First, so that every request is timed, those the guard refuses included. Served by main.ts on METRICS_PORT.
  registerRequestMetrics(
    app,
    new AppMetrics({ poolStats: deps.database.poolStats, breaker: deps.database.breaker }),
  );
  registerErrorHandler(app);
  // Before the guard: authorization already reads path parameters from the database.
  registerRefusedTextRule(app);

  const { db } = deps.database;
  const sessionPolicy = deps.sessionPolicy ?? DEFAULT_SESSION_POLICY;
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, { contentSecurityPolicy: { directives: CONTENT_SECURITY_POLICY } });
  await registerCompression(app);
  const apiTokens = deps.apiTokens ?? DEFAULT_API_TOKEN_SETTINGS;
  registerBreakerGate(app, deps.database.breaker);
  const reauthenticate = registerGuard(app, {
    db,
    sessionPolicy,
    passwordLogin: (deps.signIn ?? DEFAULT_SIGN_IN_OPTIONS).passwordLogin,
    tokenRateLimiter: new TokenRateLimiter(apiTokens.requestsPerMinute),
  });
  registerMaintenanceGuard(app, { db });
  registerIdempotency(app, { db, limits: { ...DEFAULT_IDEMPOTENCY_LIMITS, ...deps.idempotency } });
  loadEstimatorForPasswordRoutes(app);

  await registerApiDocs(app);
  registerRoutes(app, deps, { sessionPolicy, maxDays: apiTokens.maxDays });
  // One feed per process (its LISTEN connection), shared by every open stream; closed with the app.
  const feed = new LiveFeed(db, app.log);
  await feed.start(deps.database.listen);
  app.addHook('onClose', () => feed.close());
  liveEventRoutes(app, { db, feed, reauthenticate, limits: { ...DEFAULT_LIVE_LIMITS, ...deps.live } });

  const render = deps.serverRenderDir ? serverRender(app, deps.serverRenderDir) : undefined;
  const clientPage = deps.clientDir
    ? registerStaticClient(app, deps.clientDir, (request) => Boolean(request.cookies[SESSION_COOKIE]), render)
    : undefined;
  registerNotFound(app, clientPage);
  return app;
}

/** The OpenAPI document and its UI at /api/docs, generated from the routes' zod schemas. */
async function registerApiDocs(app: App): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Resource Manager API',
        description: 'Administrative API of a multi-tenant platform',
        version: '0.1.0',
      },
    },
    transform: withListHeaders(jsonSchemaTransform),
  });
  // The docs UI sets its own CSP (with hashes for its inline scripts) on its pages.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/** Every domain's routes: the whole API. */
function registerRoutes(
  app: App,
  deps: AppDeps,
  settings: { sessionPolicy: SessionPolicy; maxDays: number },
): void {
  const { db } = deps.database;
  const { sessionPolicy } = settings;
  healthRoutes(app, { database: deps.database });
  const signIn = deps.signIn ?? DEFAULT_SIGN_IN_OPTIONS;
  const oidc = signIn.oidc && createOidcClient(signIn.oidc);
  authRoutes(app, { db, sessionPolicy, secureCookie: deps.secureCookie ?? 'auto', signIn, oidc });
  auditRoutes(app, { db });
  auditRetentionRoutes(app, { db });
  apiTokenRoutes(app, { db, maxDays: settings.maxDays });
  overviewRoutes(app, { db });
  tenantRoutes(app, { db });
  userRoutes(app, { db });
  capabilityRoutes(app, { db });
  configurationVersionRoutes(app, { db });
  notificationTemplateRoutes(app, { db });
  microfrontendRoutes(app, { db });
  blueGreenOwnerRoutes(app, { db });
  deploymentRoutes(app, { db });
  rolloutRoutes(app, { db });
  healthCheckRoutes(app, { db });
  webAppRoutes(app, { db });
  gatewayRoutes(app, { db });
  changeRequestRoutes(app, { db });
  settingsRoutes(app, { db });
  notificationPreferenceRoutes(app, { db });
  ssoSettingsRoutes(app, { db });
  adminRoutes(app, { db, dump: deps.database.dump });
  webhookRoutes(app, { db, settings: deps.webhooks ?? DEFAULT_WEBHOOK_SETTINGS });
  gitSyncRoutes(app, { db, settings: deps.gitSync ?? DEFAULT_GIT_SYNC_SETTINGS });
  configAsCodeRoutes(app, { db });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
