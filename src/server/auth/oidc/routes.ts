import { z } from 'zod';
import { authProvidersSchema, SSO_CALLBACK_PATH, SSO_LOGIN_PATH } from '../../../contract/sso';
import { recordAudit } from '../../audit/service';
import type { Database } from '../../db/client';
import type { ZodApp } from '../../http/zod-app';
import { cookieOptions, type SecureCookie } from '../cookies';
import { publicRoute } from '../permissions';
import { SESSION_COOKIE, type SessionPolicy } from '../sessions';
import { newAuthorizationChecks, type OidcClient } from './client';
import { SsoFailure, type SignInOptions } from './config';
import {
  LOGIN_STATE_COOKIE,
  LOGIN_STATE_TTL_SECONDS,
  safeReturnTo,
  saveLoginState,
  takeLoginState,
} from './login-state';
import { ssoSignIn } from './sign-in';

export interface SsoRouteOptions {
  db: Database;
  sessionPolicy: SessionPolicy;
  secureCookie: SecureCookie;
  signIn: SignInOptions;
  oidc?: OidcClient;
}

/** The sign-in in flight lives only where the callback reads it. */
const LOGIN_STATE_PATH = '/api/auth/oidc';

const redirectResponses = { 302: z.null().describe('Redirect') };

const failurePage = (failure: SsoFailure) => `/login?sso_error=${failure.code}`;

/** Single sign-on (docs/sso.md): what the sign-in page offers, the redirect to the provider, its callback. */
export function ssoRoutes(app: ZodApp, options: SsoRouteOptions): void {
  const { signIn } = options;

  app.get(
    '/api/auth/providers',
    {
      config: { permission: publicRoute },
      schema: {
        tags: ['auth'],
        summary: 'How one may sign in: single sign-on (if configured) and who may use a password',
        response: { 200: authProvidersSchema },
      },
    },
    async () => ({
      sso: signIn.oidc ? { name: signIn.oidc.displayName, loginUrl: SSO_LOGIN_PATH } : null,
      passwordLogin: signIn.passwordLogin.mode,
      adminContact: signIn.adminContact,
    }),
  );

  loginRoute(app, options);
  callbackRoute(app, options);
}

/** Starts a sign-in: the state in flight, then the redirect to the provider. */
function loginRoute(app: ZodApp, { db, oidc, secureCookie }: SsoRouteOptions): void {
  app.get(
    SSO_LOGIN_PATH,
    {
      config: { permission: publicRoute },
      schema: {
        tags: ['auth'],
        summary: 'Start single sign-on: redirects to the identity provider (code flow, PKCE, state, nonce)',
        querystring: z.object({ returnTo: z.string().max(2000).optional() }),
        response: redirectResponses,
      },
    },
    async (request, reply) => {
      try {
        if (!oidc) throw new SsoFailure('not_configured', 'OIDC_ISSUER is not set');
        const checks = newAuthorizationChecks();
        const url = await oidc.authorizationUrl(checks);
        const token = await saveLoginState(db, { ...checks, returnTo: safeReturnTo(request.query.returnTo) });
        reply.setCookie(LOGIN_STATE_COOKIE, token, {
          ...cookieOptions(request, secureCookie),
          path: LOGIN_STATE_PATH,
          maxAge: LOGIN_STATE_TTL_SECONDS,
        });
        return reply.redirect(url.href, 302);
      } catch (error) {
        if (!(error instanceof SsoFailure)) throw error;
        request.log.warn({ ssoError: error.code, reason: error.message }, 'single sign-on could not start');
        return reply.redirect(failurePage(error), 302);
      }
    },
  );
}

/** A refusal that names an account (unknown, disabled) is audited as a failed sign-in. */
async function auditRefusal(db: Database, failure: SsoFailure, ip: string): Promise<void> {
  if (failure.code !== 'unknown_user' && failure.code !== 'disabled') return;
  await recordAudit(
    db,
    { id: null, email: failure.who ?? 'unknown', ip },
    {
      action: 'auth.login_failed',
      resourceType: 'session',
      changes: { method: 'sso', reason: failure.code, detail: failure.message },
    },
  );
}

/** The provider's redirect back: verified, then the session, or /login?sso_error=. */
function callbackRoute(app: ZodApp, options: SsoRouteOptions): void {
  const { db, oidc, secureCookie } = options;
  app.get(
    SSO_CALLBACK_PATH,
    {
      config: { permission: publicRoute },
      schema: {
        tags: ['auth'],
        summary: "The identity provider's redirect back: verifies it, signs in, redirects to returnTo",
        response: redirectResponses,
      },
    },
    async (request, reply) => {
      const stateToken = request.cookies[LOGIN_STATE_COOKIE];
      reply.clearCookie(LOGIN_STATE_COOKIE, {
        ...cookieOptions(request, secureCookie),
        path: LOGIN_STATE_PATH,
      });
      try {
        if (!oidc) throw new SsoFailure('not_configured', 'OIDC_ISSUER is not set');
        const checks = stateToken ? await takeLoginState(db, stateToken) : undefined;
        if (!checks) {
          throw new SsoFailure(
            'invalid_response',
            'no sign-in in flight in this browser (cookie missing, used or expired)',
          );
        }
        const query = new URL(request.url, 'http://callback.invalid').searchParams;
        const { claims, idToken } = await oidc.verify(query, checks);
        const { token } = await ssoSignIn(db, claims, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
          previousToken: request.cookies[SESSION_COOKIE],
          policy: options.sessionPolicy,
          idToken,
          breakGlassEmail: options.signIn.passwordLogin.breakGlassEmail,
        });
        reply.setCookie(SESSION_COOKIE, token, {
          ...cookieOptions(request, secureCookie),
          maxAge: options.sessionPolicy.absoluteSeconds,
        });
        // Checked again on the way out: a sign-in started before a stricter check must not escape it.
        return reply.redirect(safeReturnTo(checks.returnTo), 302);
      } catch (error) {
        if (!(error instanceof SsoFailure)) throw error;
        request.log.warn({ ssoError: error.code, reason: error.message }, 'single sign-on refused');
        await auditRefusal(db, error, request.ip);
        return reply.redirect(failurePage(error), 302);
      }
    },
  );
}
