import { z } from 'zod';
import { loginBodySchema, meSchema, setPasswordBodySchema } from '../../contract/auth';
import { logoutResultSchema } from '../../contract/sso';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import { cookieOptions, type SecureCookie } from './cookies';
import { idParams } from '../http/responses';
import type { ZodApp } from '../http/zod-app';
import { requestActor, requireViewer } from './guard';
import { accessAdministration, adminOnly, publicRoute, signedIn } from './permissions';
import { login, logout, setUserPassword } from './service';
import type { OidcClient } from './oidc/client';
import type { SignInOptions } from './oidc/config';
import { ssoRoutes } from './oidc/routes';
import { SESSION_COOKIE, type SessionPolicy } from './sessions';
import { toMe } from './viewer';

export interface AuthRouteOptions {
  db: Database;
  sessionPolicy: SessionPolicy;
  secureCookie: SecureCookie;
  /** PASSWORD_LOGIN, the break-glass account and the SSO settings of the environment. */
  signIn: SignInOptions;
  /** The relying party, when single sign-on is configured. */
  oidc?: OidcClient;
}

type SessionRouteOptions = Omit<AuthRouteOptions, 'db'>;

/** Signing in with a password: the session cookie on success. */
function loginRoute(
  app: ZodApp,
  db: Database,
  { sessionPolicy, secureCookie, signIn }: SessionRouteOptions,
): void {
  app.post(
    '/api/auth/login',
    {
      config: { permission: publicRoute },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password (as PASSWORD_LOGIN allows); sets the session cookie',
        body: loginBodySchema,
        response: { 200: meSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const { token, me } = await login(db, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        previousToken: request.cookies[SESSION_COOKIE],
        policy: sessionPolicy,
        passwordLogin: signIn.passwordLogin,
      });
      reply.setCookie(SESSION_COOKIE, token, {
        ...cookieOptions(request, secureCookie),
        maxAge: sessionPolicy.absoluteSeconds,
      });
      return me;
    },
  );
}

/** Signing in and out, and who is signed in. */
function sessionRoutes(app: ZodApp, db: Database, options: SessionRouteOptions): void {
  const { secureCookie, oidc } = options;
  loginRoute(app, db, options);

  app.post(
    '/api/auth/logout',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['auth'],
        summary: "Sign out: ends the session; after an SSO sign-in, answers the provider's end-session URL",
        response: { 200: logoutResultSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const actor = requestActor(request);
      const token = request.cookies[SESSION_COOKIE];
      const { idToken } = token ? await logout(db, token, actor) : { idToken: null };
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request, secureCookie));
      const endSessionUrl = idToken && oidc ? await oidc.endSessionUrl(idToken) : null;
      return { endSessionUrl };
    },
  );

  app.get(
    '/api/auth/me',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user and their tenant roles',
        response: { 200: meSchema, ...errorResponses(401) },
      },
    },
    async (request) => toMe(requireViewer(request)),
  );
}

/** Sessions (docs/security.md), and administrators setting a user's password. */
export function authRoutes(app: ZodApp, { db, ...session }: AuthRouteOptions): void {
  sessionRoutes(app, db, session);
  ssoRoutes(app, { db, ...session });

  app.post(
    '/api/users/:id/password',
    {
      config: { permission: adminOnly, ...accessAdministration },
      schema: {
        tags: ['users'],
        summary: "Set or reset a user's password (administrators); ends the user's sessions",
        params: idParams,
        body: setPasswordBodySchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await setUserPassword(db, request.params.id, request.body.password, requestActor(request));
      return reply.status(204).send(null);
    },
  );
}
