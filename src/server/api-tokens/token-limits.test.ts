import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { TOKEN_MESSAGES } from '../../contract/api-tokens';
import { auditEvents, userProfiles, users } from '../db/schema';
import { describeApi, type ApiContext } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';
import { bearerTokenFor, sessionCookieFor, TEST_ADMIN, type TestPersona } from '../test/sessions';

const PASSWORD = 'a-long-and-unusual-passphrase-42';
const BREAK_GLASS: TestPersona = { id: 'break-glass', email: 'admin@example.com', globalRole: 'admin' };
const OWNER_A: TestPersona = { id: 'owner-a', email: 'owner-a@a.io', roles: { 'tenant-001': 'owner' } };

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
/** A request carrying only the bearer token (the harness's inject would add the admin's cookie). */
const asToken = (
  ctx: () => ApiContext,
  authorization: string,
  method: Method,
  url: string,
  payload?: object,
) => ctx().app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

const signIn = (ctx: () => ApiContext, email: string) =>
  ctx().app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });

describeApi(
  'what a token can never do',
  (ctx) => {
    it('leaves no way back in: a leaked admin token creates, empowers and unlocks no account', async () => {
      const { db } = ctx();
      const leaked = await bearerTokenFor(db, TEST_ADMIN);
      await bearerTokenFor(db, BREAK_GLASS);
      const attempts: [Method, string, object][] = [
        [
          'POST',
          '/api/users',
          { email: 'back-door@evil.example', name: 'Back door', globalRole: 'admin', password: PASSWORD },
        ],
        ['POST', `/api/users/${BREAK_GLASS.id}/password`, { password: PASSWORD }],
        ['POST', `/api/users/${TEST_ADMIN.id}/password`, { password: PASSWORD }],
        ['PATCH', '/api/users/user-2', { globalRole: 'admin' }],
        ['POST', '/api/service-accounts', { name: 'Sleeper', globalRole: 'admin' }],
        ['POST', '/api/user-profiles', { userId: 'user-2', tenantId: 'tenant-002', role: 'owner' }],
        ['PATCH', '/api/user-profiles/profile-2', { role: 'owner' }],
        [
          'PUT',
          '/api/settings/sso',
          { claim: 'groups', jitProvisioning: true, rules: [{ group: 'evil', globalRole: 'admin' }] },
        ],
        ['POST', '/api/tokens', { name: 'spare key', expiresInDays: 365 }],
      ];
      for (const [method, url, payload] of attempts) {
        const res = await asToken(ctx, leaked, method, url, payload);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      }
      const refused = await asToken(ctx, leaked, 'POST', '/api/users', attempts[0]?.[2]);
      expect(refused.json().message).toBe(TOKEN_MESSAGES.grantsAccess);

      // Nothing the token tried exists: no new account, no password to sign in with, no new role.
      const created = await db.select().from(users).where(eq(users.email, 'back-door@evil.example'));
      expect(created).toEqual([]);
      for (const email of ['back-door@evil.example', BREAK_GLASS.email, TEST_ADMIN.email]) {
        expect((await signIn(ctx, email)).statusCode, email).toBe(401);
      }
      const [bob] = await db.select().from(users).where(eq(users.id, 'user-2'));
      expect(bob?.globalRole).toBe('user');
      const [profile] = await db.select().from(userProfiles).where(eq(userProfiles.id, 'profile-2'));
      expect(profile?.role).toBe('developer');
    });

    it("refuses a tenant owner's token that would give access to its tenant", async () => {
      const token = await bearerTokenFor(ctx().db, OWNER_A, { tenantIds: ['tenant-001'] });
      const res = await asToken(ctx, token, 'POST', '/api/user-profiles', {
        userId: 'user-1',
        tenantId: 'tenant-001',
        role: 'owner',
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(TOKEN_MESSAGES.grantsAccess);
    });

    it('revokes the tokens of an owner who is disabled: re-enabling them revives none', async () => {
      const owner: TestPersona = { id: 'leaver', email: 'leaver@a.io', roles: { 'tenant-001': 'developer' } };
      const token = await bearerTokenFor(ctx().db, owner);
      expect((await asToken(ctx, token, 'GET', '/api/tenants')).statusCode).toBe(200);
      const patch = (status: string) =>
        ctx().inject({ method: 'PATCH', url: `/api/users/${owner.id}`, payload: { status } });
      expect((await patch('inactive')).statusCode).toBe(200);
      expect((await patch('active')).statusCode).toBe(200);
      const after = await asToken(ctx, token, 'GET', '/api/tenants');
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe(TOKEN_MESSAGES.revoked);
      const listed = await ctx().get(`/api/users/${owner.id}/tokens`);
      expect(listed.json()).toEqual([expect.objectContaining({ status: 'revoked' })]);
      const revocations = await ctx()
        .db.select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'api_token.revoke'), eq(auditEvents.actorId, TEST_ADMIN.id)));
      expect(revocations).toHaveLength(1);
    });

    it("revokes an account's tokens when another administrator resets its password; setting one's own keeps them", async () => {
      const owner: TestPersona = {
        id: 'reset-me',
        email: 'reset-me@a.io',
        roles: { 'tenant-001': 'developer' },
      };
      const token = await bearerTokenFor(ctx().db, owner);
      // Whoever knew the old password could have minted this token: a reset by someone else ends it.
      const setPassword = (id: string) =>
        ctx().inject({ method: 'POST', url: `/api/users/${id}/password`, payload: { password: PASSWORD } });
      const reset = await setPassword(owner.id);
      expect(reset.statusCode).toBe(204);
      const after = await asToken(ctx, token, 'GET', '/api/tenants');
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe(TOKEN_MESSAGES.revoked);
      const revocations = await ctx()
        .db.select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'api_token.revoke'), eq(auditEvents.actorId, TEST_ADMIN.id)));
      const ofOwner = revocations.map(
        (event) => JSON.parse(event.changes ?? 'null') as { userId?: string } | null,
      );
      expect(ofOwner.filter((changes) => changes?.userId === owner.id)).toEqual([
        expect.objectContaining({ userId: owner.id, reason: 'password reset' }),
      ]);
      // An administrator setting their own password keeps their own tokens.
      const admin: TestPersona = {
        id: 'second-admin',
        email: 'second-admin@example.com',
        globalRole: 'admin',
      };
      const own = await bearerTokenFor(ctx().db, admin);
      const cookie = await sessionCookieFor(ctx().db, admin);
      const ownSet = await ctx().app.inject({
        method: 'POST',
        url: `/api/users/${admin.id}/password`,
        headers: { cookie },
        payload: { password: PASSWORD },
      });
      expect(ownSet.statusCode).toBe(204);
      expect((await asToken(ctx, own, 'GET', '/api/tenants')).statusCode).toBe(200);
    });

    it('keeps the API documentation from every token, for people signed in only', async () => {
      const kinds = [
        {},
        { readOnly: true },
        { tenantIds: ['tenant-001'] },
        { meshId: 'mesh-1', readOnly: true },
      ];
      for (const scope of kinds) {
        const token = await bearerTokenFor(ctx().db, TEST_ADMIN, scope);
        for (const url of ['/api/docs/json', '/api/docs', '/api/docs/static/index.html']) {
          const res = await asToken(ctx, token, 'GET', url);
          expect(res.statusCode, `${url} ${JSON.stringify(scope)}`).toBe(403);
          expect(res.json().message).toBe(TOKEN_MESSAGES.docs);
        }
      }
      expect((await ctx().app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(401);
      const asPerson = await ctx().get('/api/docs/json');
      expect(asPerson.statusCode).toBe(200);
      expect(asPerson.json()).toHaveProperty('openapi');
    });

    it("answers a mesh token 403 everywhere but its mesh's manifest, public and unknown routes included", async () => {
      const mesh = await bearerTokenFor(ctx().db, TEST_ADMIN, { meshId: 'mesh-1', readOnly: true });
      const elsewhere: [Method, string][] = [
        ['GET', '/api/health'],
        ['GET', '/api/ready'],
        ['GET', '/api/auth/providers'],
        ['POST', '/api/auth/login'],
        ['GET', '/api/no-such-route'],
        ['GET', '/api/web-app-meshes/mesh-1'],
      ];
      for (const [method, url] of elsewhere) {
        const res = await asToken(ctx, mesh, method, url, method === 'POST' ? {} : undefined);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().message).toBe(TOKEN_MESSAGES.meshOnly);
      }
      const manifest = await asToken(ctx, mesh, 'GET', '/api/web-app-meshes/mesh-1/manifest');
      expect(manifest.statusCode, manifest.body).toBe(200);
    });
  },
  insertFixtures,
);
