import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { loginBodySchema, meSchema, setPasswordBodySchema } from '../../contract/auth';
import type { Database } from '../db/client';
import { errorResponses } from '../http/error-responses';
import { idParams } from '../http/responses';
import type { ZodApp } from '../http/zod-app';
import { requestActor, requireViewer } from './guard';
import { adminOnly, publicRoute, signedIn } from './permissions';
import { login, logout, setUserPassword } from './service';
import { SESSION_COOKIE, type SessionPolicy } from './sessions';
import { toMe } from './viewer';

export interface AuthRouteOptions {
  db: Database;
  sessionPolicy: SessionPolicy;
  /** Secure cookies: always, never, or when the request came over TLS. */
  secureCookie: 'auto' | boolean;
}

type SessionRouteOptions = Omit<AuthRouteOptions, 'db'>;

/** The session cookie's attributes: host-wide, out of scripts' reach, Secure as configured. */
function cookieOptions(request: FastifyRequest, secureCookie: SessionRouteOptions['secureCookie']) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookie === 'auto' ? request.protocol === 'https' : secureCookie,
  };
}

/** Signing in and out, and who is signed in. */
function sessionRoutes(
  app: ZodApp,
  db: Database,
  { sessionPolicy, secureCookie }: SessionRouteOptions,
): void {
  app.post(
    '/api/auth/login',
    {
      config: { permission: publicRoute },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password; sets the session cookie',
        body: loginBodySchema,
        response: { 200: meSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const { token, me } = await login(db, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        previousToken: request.cookies[SESSION_COOKIE],
        policy: sessionPolicy,
      });
      reply.setCookie(SESSION_COOKIE, token, {
        ...cookieOptions(request, secureCookie),
        maxAge: sessionPolicy.absoluteSeconds,
      });
      return me;
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { permission: signedIn },
      schema: {
        tags: ['auth'],
        summary: 'Sign out: ends the session',
        response: { 204: z.null(), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      const actor = requestActor(request);
      const token = request.cookies[SESSION_COOKIE];
      if (token) await logout(db, token, actor);
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request, secureCookie));
      return reply.status(204).send(null);
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

  app.post(
    '/api/users/:id/password',
    {
      config: { permission: adminOnly },
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
