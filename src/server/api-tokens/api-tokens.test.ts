import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { API_TOKEN_PREFIX, TOKEN_MESSAGES, type ApiTokenCreated } from '../../contract/api-tokens';
import { apiTokens, auditEvents } from '../db/schema';
import { describeApi, type ApiContext } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';
import { bearerTokenFor, sessionCookieFor, TEST_ADMIN, type TestPersona } from '../test/sessions';
import { hashTokenSecret } from '../auth/tokens/secrets';

const OWNER_A: TestPersona = { id: 'owner-a', email: 'owner-a@a.io', roles: { 'tenant-001': 'owner' } };
const PRODUCTION_CONFIGURATION = {
  kind: 'configuration.create',
  body: {
    subscriptionId: 'sub-tenant-001-api-001',
    tenantId: 'tenant-001',
    capabilityId: 'api-001',
    environment: 'production',
    region: 'us-east-1',
    configuration: '{"a":3}',
  },
};

/** A request carrying only the bearer token (the harness's inject would add the admin's cookie). */
const asToken = (
  ctx: () => ApiContext,
  authorization: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => ctx().app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });

async function createToken(
  ctx: () => ApiContext,
  body: object,
  cookie = ctx().adminCookie,
): Promise<ApiTokenCreated> {
  const res = await ctx().app.inject({
    method: 'POST',
    url: '/api/tokens',
    headers: { cookie },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ApiTokenCreated>();
}

describeApi(
  'API tokens',
  (ctx) => {
    it('shows a new token once, stores only its hash, and lists it with its prefix and scope', async () => {
      const created = await createToken(ctx, { name: 'deploy job', readOnly: true });
      expect(created.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
      expect(created.token.startsWith(created.displayPrefix)).toBe(true);
      expect(created).toMatchObject({
        name: 'deploy job',
        readOnly: true,
        tenantIds: null,
        status: 'active',
      });
      const days = (Date.parse(created.expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(89);
      expect(days).toBeLessThanOrEqual(90);

      const [row] = await ctx().db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
      expect(row?.secretHash).toBe(hashTokenSecret(created.token));
      expect(JSON.stringify(row)).not.toContain(created.token);

      const list = await ctx().get('/api/tokens');
      const listed = list.json<Record<string, unknown>[]>().find((t) => t.id === created.id);
      expect(listed).toMatchObject({ displayPrefix: created.displayPrefix, status: 'active' });
      expect(listed).not.toHaveProperty('token');
    });

    it('authenticates a bearer request, records its last use, and names the token in audit events', async () => {
      const created = await createToken(ctx, { name: 'tenant pipeline' });
      const bearer = `Bearer ${created.token}`;
      const me = await asToken(ctx, bearer, 'GET', '/api/auth/me');
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json().user.id).toBe(TEST_ADMIN.id);

      const made = await asToken(ctx, bearer, 'POST', '/api/tenants', {
        name: 'Made by a pipeline',
        description: 'created with an API token',
        owner: 'ci@example.com',
      });
      expect(made.statusCode, made.body).toBe(201);
      const [event] = await ctx()
        .db.select()
        .from(auditEvents)
        .where(eq(auditEvents.resourceId, made.json().id));
      expect(event).toMatchObject({
        actorId: TEST_ADMIN.id,
        actorTokenId: created.id,
        actorTokenName: 'tenant pipeline',
      });
      const [row] = await ctx().db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
      expect(row?.lastUsedAt).not.toBeNull();
      expect(row?.lastUsedIp).toBe('127.0.0.1');
    });

    it('refuses a revoked, an expired, an unknown token and a disabled owner with 401 saying which', async () => {
      const revoked = await createToken(ctx, { name: 'to revoke' });
      const del = await ctx().inject({ method: 'DELETE', url: `/api/tokens/${revoked.id}` });
      expect(del.statusCode, del.body).toBe(204);
      const cases: [string, string][] = [
        [`Bearer ${revoked.token}`, TOKEN_MESSAGES.revoked],
        [
          await bearerTokenFor(ctx().db, TEST_ADMIN, { expiresAt: '2020-01-01T00:00:00Z' }),
          TOKEN_MESSAGES.expired,
        ],
        [`Bearer ${API_TOKEN_PREFIX}nothing-like-this`, TOKEN_MESSAGES.invalid],
        ['Bearer ', TOKEN_MESSAGES.invalid],
      ];
      const disabled: TestPersona = {
        id: 'disabled-owner',
        email: 'disabled@a.io',
        roles: { 'tenant-001': 'owner' },
      };
      const disabledToken = await bearerTokenFor(ctx().db, disabled);
      const off = await ctx().inject({
        method: 'PATCH',
        url: `/api/users/${disabled.id}`,
        payload: { status: 'inactive' },
      });
      expect(off.statusCode, off.body).toBe(200);
      cases.push([disabledToken, TOKEN_MESSAGES.ownerDisabled]);
      for (const [authorization, message] of cases) {
        const res = await asToken(ctx, authorization, 'GET', '/api/tenants');
        expect(res.statusCode, authorization).toBe(401);
        expect(res.json().message).toBe(message);
      }
    });

    it('skips the cross-site rule for bearer requests only, and refuses a cookie and a token together', async () => {
      const bearer = await bearerTokenFor(ctx().db, TEST_ADMIN);
      const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
      const viaToken = await ctx().app.inject({
        method: 'POST',
        url: '/api/tenants',
        headers: { authorization: bearer, ...crossSite },
        payload: { name: 'Cross origin pipeline', description: 'bearer', owner: 'ci@example.com' },
      });
      expect(viaToken.statusCode, viaToken.body).toBe(201);
      const viaCookie = await ctx().inject({
        method: 'POST',
        url: '/api/tenants',
        headers: crossSite,
        payload: { name: 'Cross origin browser', description: 'cookie', owner: 'ci@example.com' },
      });
      expect(viaCookie.statusCode).toBe(403);
      const both = await ctx().inject({
        method: 'GET',
        url: '/api/tenants',
        headers: { authorization: bearer },
      });
      expect(both.statusCode).toBe(400);
      expect(both.json().message).toBe(TOKEN_MESSAGES.bothCredentials);
    });

    it('lets a token request, comment on and cancel a change, never approve, reject or bypass one', async () => {
      const bearer = await bearerTokenFor(ctx().db, OWNER_A);
      const adminBearer = await bearerTokenFor(ctx().db, TEST_ADMIN);
      const made = await asToken(ctx, bearer, 'POST', '/api/change-requests', {
        title: 'From CI',
        change: PRODUCTION_CONFIGURATION,
      });
      expect(made.statusCode, made.body).toBe(201);
      const id = made.json().id;
      for (const action of ['approve', 'reject']) {
        const res = await asToken(ctx, adminBearer, 'POST', `/api/change-requests/${id}/${action}`, {
          comment: 'looks fine',
        });
        expect(res.statusCode, action).toBe(403);
        expect(res.json().message).toBe(TOKEN_MESSAGES.humanOnly);
      }
      const bypass = await asToken(ctx, adminBearer, 'POST', '/api/change-requests', {
        change: PRODUCTION_CONFIGURATION,
        bypassReason: 'pipeline in a hurry',
      });
      expect(bypass.statusCode).toBe(403);
      expect(bypass.json().message).toBe(TOKEN_MESSAGES.humanOnly);
      const comment = await asToken(ctx, bearer, 'POST', `/api/change-requests/${id}/comments`, {
        body: 'build 42 passed',
      });
      expect(comment.statusCode, comment.body).toBe(200);
      const cancel = await asToken(ctx, bearer, 'POST', `/api/change-requests/${id}/cancel`);
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(cancel.json().status).toBe('cancelled');
    });

    it('never gives a token more than its owner: tenants out of reach and expiries past the limit are 400', async () => {
      const cookie = await sessionCookieFor(ctx().db, OWNER_A);
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/tokens',
        headers: { cookie },
        payload: { name: 'wide', tenantIds: ['tenant-001', 'tenant-002'], expiresInDays: 400 },
      });
      expect(res.statusCode).toBe(400);
      const paths = res.json<{ issues: { path: string }[] }>().issues.map((i) => i.path);
      expect(paths).toEqual(['body.tenantIds.1', 'body.expiresInDays']);
      const narrow = await createToken(ctx, { name: 'tenant A only', tenantIds: ['tenant-001'] }, cookie);
      const other = await asToken(ctx, `Bearer ${narrow.token}`, 'GET', '/api/tenants/tenant-002');
      expect(other.statusCode).toBe(404);
    });

    it('keeps read-only and mesh tokens to what they say', async () => {
      const readOnly = await bearerTokenFor(ctx().db, TEST_ADMIN, { readOnly: true });
      expect((await asToken(ctx, readOnly, 'GET', '/api/tenants')).statusCode).toBe(200);
      const write = await asToken(ctx, readOnly, 'POST', '/api/tenants', { name: 'Nope', description: 'x' });
      expect(write.statusCode).toBe(403);
      expect(write.json().message).toBe(TOKEN_MESSAGES.readOnly);

      const mesh = await createToken(ctx, { name: 'host shell', meshId: 'mesh-1' });
      expect(mesh).toMatchObject({ readOnly: true, meshId: 'mesh-1' });
      const manifest = await asToken(
        ctx,
        `Bearer ${mesh.token}`,
        'GET',
        '/api/web-app-meshes/mesh-1/manifest',
      );
      expect(manifest.statusCode, manifest.body).toBe(200);
      const etag = manifest.headers.etag;
      expect(etag).toMatch(/^"[\w-]{32}"$/);
      expect(manifest.headers['cache-control']).toBe('private, no-cache');
      const polled = await ctx().app.inject({
        method: 'GET',
        url: '/api/web-app-meshes/mesh-1/manifest',
        headers: { authorization: `Bearer ${mesh.token}`, 'if-none-match': String(etag) },
      });
      expect(polled.statusCode).toBe(304);
      expect(polled.body).toBe('');
      const elsewhere = await asToken(ctx, `Bearer ${mesh.token}`, 'GET', '/api/tenants');
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.json().message).toBe(TOKEN_MESSAGES.meshOnly);
      await ctx().inject({ method: 'DELETE', url: `/api/tokens/${mesh.id}` });
      const afterRevoke = await asToken(
        ctx,
        `Bearer ${mesh.token}`,
        'GET',
        '/api/web-app-meshes/mesh-1/manifest',
      );
      expect(afterRevoke.statusCode).toBe(401);
    });

    it('lets only people manage tokens', async () => {
      const bearer = await bearerTokenFor(ctx().db, TEST_ADMIN);
      const res = await asToken(ctx, bearer, 'POST', '/api/tokens', { name: 'minted by a token' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(TOKEN_MESSAGES.tokensManageTokens);
    });
  },
  insertFixtures,
);

describeApi(
  'service accounts',
  (ctx) => {
    it('creates a service account that cannot have a password, and tokens for it made by an admin', async () => {
      const made = await ctx().inject({
        method: 'POST',
        url: '/api/service-accounts',
        payload: { name: 'Deploy Bot' },
      });
      expect(made.statusCode, made.body).toBe(201);
      const account = made.json();
      expect(account).toMatchObject({ kind: 'service', email: 'deploy-bot@service-accounts.invalid' });
      const again = await ctx().inject({
        method: 'POST',
        url: '/api/service-accounts',
        payload: { name: 'deploy bot' },
      });
      expect(again.statusCode).toBe(409);

      const password = await ctx().inject({
        method: 'POST',
        url: `/api/users/${account.id}/password`,
        payload: { password: 'a-long-and-unusual-passphrase-42' },
      });
      expect(password.statusCode).toBe(409);

      const profile = await ctx().inject({
        method: 'POST',
        url: '/api/user-profiles',
        payload: { userId: account.id, tenantId: 'tenant-001', role: 'developer' },
      });
      expect(profile.statusCode, profile.body).toBe(201);
      const token = await ctx().inject({
        method: 'POST',
        url: `/api/users/${account.id}/tokens`,
        payload: { name: 'ci', tenantIds: ['tenant-001'] },
      });
      expect(token.statusCode, token.body).toBe(201);
      const bearer = `Bearer ${token.json().token}`;
      const tenants = await asToken(ctx, bearer, 'GET', '/api/tenants');
      expect(tenants.json<{ id: string }[]>().map((t) => t.id)).toEqual(['tenant-001']);
      const listed = await ctx().get(`/api/users/${account.id}/tokens`);
      expect(listed.json()).toHaveLength(1);
      const people = await ctx().get('/api/users?kind=service');
      expect(people.json<{ id: string }[]>().map((u) => u.id)).toEqual([account.id]);

      const revoke = await ctx().inject({
        method: 'DELETE',
        url: `/api/users/${account.id}/tokens/${token.json().id}`,
      });
      expect(revoke.statusCode).toBe(204);
      expect((await asToken(ctx, bearer, 'GET', '/api/tenants')).statusCode).toBe(401);
    });

    it('makes no token for a person on their behalf', async () => {
      const res = await ctx().inject({
        method: 'POST',
        url: '/api/users/user-2/tokens',
        payload: { name: 'x' },
      });
      expect(res.statusCode).toBe(409);
    });
  },
  insertFixtures,
);
