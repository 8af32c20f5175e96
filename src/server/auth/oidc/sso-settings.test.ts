import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect, it } from 'vitest';
import {
  PASSWORD_LOGIN_ADMINS_MESSAGE,
  PASSWORD_LOGIN_OFF_MESSAGE,
  PASSWORD_LOGIN_SSO_ADMIN_MESSAGE,
} from '../password-login';
import { hashPassword } from '../passwords';
import { auditEvents, users } from '../../db/schema';
import { describeApi } from '../../test/api-harness';
import { insertFixtures } from '../../test/fixtures';
import { sessionCookieFor, TEST_ADMIN } from '../../test/sessions';

const PASSWORD = 'correct-horse-battery-staple-9';
const issuer = {
  issuer: new URL('https://idp.example'),
  clientId: 'rm',
  clientSecret: 's',
  scopes: 'openid',
};
const oidc = {
  ...issuer,
  redirectUrl: new URL('https://rm.example/api/auth/oidc/callback'),
  displayName: 'Acme SSO',
};

async function withPasswords(db: Parameters<typeof insertFixtures>[0]) {
  await insertFixtures(db);
  const passwordHash = await hashPassword(PASSWORD);
  await db.update(users).set({ passwordHash });
  await db.insert(users).values({ email: 'break-glass@example.com', name: 'Break glass', passwordHash });
}

const login = (email: string) => ({
  method: 'POST' as const,
  url: '/api/auth/login',
  payload: { email, password: PASSWORD },
});

describeApi(
  'SSO settings',
  (ctx) => {
    // PASSWORD_LOGIN is off here: the administrator's session is a single sign-on's (a password one would end).
    const asAdmin = async (options: InjectOptions) => {
      const cookie = await sessionCookieFor(ctx().db, TEST_ADMIN, { idToken: 'id-token' });
      return ctx().inject({ ...options, headers: { cookie, ...options.headers } });
    };

    it('answers the defaults until saved, then saves with If-Match and audits', async () => {
      expect((await asAdmin({ method: 'GET', url: '/api/settings/sso' })).json()).toEqual({
        revision: 0,
        claim: 'groups',
        jitProvisioning: false,
        rules: [],
      });
      const body = {
        claim: 'realm_access.roles',
        jitProvisioning: true,
        rules: [
          { group: 'rm-admins', globalRole: 'admin' },
          { group: 'acme', tenantId: 'tenant-001', role: 'developer' },
        ],
      };
      const saved = await asAdmin({
        method: 'PUT',
        url: '/api/settings/sso',
        payload: body,
        headers: { 'if-match': '"0"' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ revision: 1, ...body });
      expect(saved.headers.etag).toBe('"1"');
      const stale = await asAdmin({
        method: 'PUT',
        url: '/api/settings/sso',
        payload: body,
        headers: { 'if-match': '"0"' },
      });
      expect(stale.statusCode).toBe(412);
      const events = await ctx()
        .db.select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'settings.sso.update'));
      expect(events).toHaveLength(1);
    });

    it('refuses an unknown tenant, an empty group and a bad claim, naming the field', async () => {
      const put = (body: object) => asAdmin({ method: 'PUT', url: '/api/settings/sso', payload: body });
      const unknown = await put({
        claim: 'groups',
        jitProvisioning: false,
        rules: [
          { group: 'a', globalRole: 'admin' },
          { group: 'b', tenantId: 'no-such-tenant', role: 'member' },
        ],
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().issues).toEqual([expect.objectContaining({ path: 'body.rules.1.tenantId' })]);
      const empty = await put({
        claim: 'groups',
        jitProvisioning: false,
        rules: [{ group: ' ', globalRole: 'admin' }],
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().issues).toEqual([expect.objectContaining({ path: 'body.rules.0.group' })]);
      const claim = await put({ claim: 'a..b', jitProvisioning: false, rules: [] });
      expect(claim.statusCode).toBe(400);
      expect(claim.json().issues).toEqual([expect.objectContaining({ path: 'body.claim' })]);
    });

    it('is for global administrators only', async () => {
      const cookie = await sessionCookieFor(
        ctx().db,
        { id: 'dev', email: 'dev@example.com', roles: { 'tenant-001': 'owner' } },
        { idToken: 'id-token' },
      );
      expect(
        (await ctx().inject({ method: 'GET', url: '/api/settings/sso', headers: { cookie } })).statusCode,
      ).toBe(403);
    });

    it('describes the sign-in page', async () => {
      expect(
        (await ctx().inject({ method: 'GET', url: '/api/auth/providers', headers: { cookie: '' } })).json(),
      ).toEqual({
        sso: { name: 'Acme SSO', loginUrl: '/api/auth/oidc/login' },
        passwordLogin: 'off',
        adminContact: 'help@example.com',
      });
    });

    it('with PASSWORD_LOGIN=off, lets only the break-glass account sign in with a password', async () => {
      const refused = await ctx().inject(login('alice@acme.io'));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(PASSWORD_LOGIN_OFF_MESSAGE);
      expect((await ctx().inject(login('break-glass@example.com'))).statusCode).toBe(200);
    });
  },
  withPasswords,
  () => ({
    signIn: {
      oidc,
      passwordLogin: { mode: 'off', breakGlassEmail: 'break-glass@example.com' },
      adminContact: 'help@example.com',
    },
  }),
);

describeApi(
  'PASSWORD_LOGIN=admins',
  (ctx) => {
    it('lets global administrators sign in with a password, and refuses others once their password matched', async () => {
      expect((await ctx().inject(login('alice@acme.io'))).statusCode).toBe(200);
      const refused = await ctx().inject(login('bob@globex.io'));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(PASSWORD_LOGIN_ADMINS_MESSAGE);
      // A wrong password still answers the one message for every wrong pair.
      const wrong = await ctx().inject({
        ...login('bob@globex.io'),
        payload: { email: 'bob@globex.io', password: 'nope' },
      });
      expect(wrong.statusCode).toBe(401);
    });

    it("refuses an administrator whose role the IdP's groups gave, and ends their password session", async () => {
      const signedIn = await ctx().inject(login('alice@acme.io'));
      expect(signedIn.statusCode).toBe(200);
      const cookie = String(signedIn.headers['set-cookie']).split(';')[0] ?? '';
      const me = { method: 'GET', url: '/api/auth/me', headers: { cookie } } as const;
      expect((await ctx().inject(me)).statusCode).toBe(200);

      // Her SSO sign-in's group mapping took her administrator role over: only the IdP keeps it now.
      const alice = eq(users.email, 'alice@acme.io');
      await ctx().db.update(users).set({ globalRoleSource: 'sso' }).where(alice);
      expect((await ctx().inject(me)).statusCode).toBe(401);
      const refused = await ctx().inject(login('alice@acme.io'));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(PASSWORD_LOGIN_SSO_ADMIN_MESSAGE);
      await ctx().db.update(users).set({ globalRoleSource: 'manual' }).where(alice);
    });
  },
  withPasswords,
  () => ({
    signIn: {
      oidc,
      passwordLogin: { mode: 'admins', breakGlassEmail: 'break-glass@example.com' },
      adminContact: null,
    },
  }),
);
