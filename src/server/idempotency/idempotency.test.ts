import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { describeApi, type ApiContext } from '../test/api-harness';
import { bearerTokenFor, sessionCookieFor, TEST_ADMIN } from '../test/sessions';
import type { Database } from '../db/client';
import { idempotencyKeys, tenants } from '../db/schema';
import { requestHash } from './idempotency';
import { sweepIdempotencyKeys } from './idempotency-store';

const OTHER_ADMIN = { id: 'other-admin', email: 'other-admin@example.com', globalRole: 'admin' as const };
const ADMIN_CALLER = `user:${TEST_ADMIN.id}`;

const tenantBody = (name: string) => ({ name, owner: 'ops@example.com' });

function createTenant(
  ctx: ApiContext,
  key: string | undefined,
  payload: object,
  cookie = ctx.adminCookie,
): Promise<LightMyRequestResponse> {
  return ctx.inject({
    method: 'POST',
    url: '/api/tenants',
    headers: { cookie, ...(key !== undefined && { 'idempotency-key': key }) },
    payload,
  });
}

async function tenantsNamed(db: Database, name: string): Promise<number> {
  const rows = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, name));
  return rows.length;
}

const keyRow = async (db: Database, caller: string, key: string) =>
  (
    await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.caller, caller), eq(idempotencyKeys.key, key)))
  )[0];

describeApi('Idempotency-Key on POST', (ctx) => {
  it('replays the first response exactly, without doing the work twice', async () => {
    const first = await createTenant(ctx(), 'replay-1', tenantBody('Replay One'));
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    // The same body with its keys in another order is the same request.
    const again = await createTenant(ctx(), 'replay-1', { owner: 'ops@example.com', name: 'Replay One' });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(await tenantsNamed(ctx().db, 'Replay One')).toBe(1);

    const row = await keyRow(ctx().db, ADMIN_CALLER, 'replay-1');
    expect(row).toMatchObject({ responseStatus: 201, responseBody: first.body });
    expect(row?.completedAt).not.toBeNull();
    expect(JSON.parse(row?.responseHeaders ?? '{}')).toMatchObject({ etag: first.headers.etag });
  });

  it('stores the answer as the handler sent it, before it is compressed for the client', async () => {
    // Over the compression threshold: the first caller asks for brotli and gets it.
    const payload = { ...tenantBody('Compressed Replay'), description: 'long text '.repeat(150).trim() };
    const first = await ctx().inject({
      method: 'POST',
      url: '/api/tenants',
      headers: { cookie: ctx().adminCookie, 'idempotency-key': 'compressed-1', 'accept-encoding': 'br' },
      payload,
    });
    expect(first.statusCode).toBe(201);
    expect(first.headers['content-encoding']).toBe('br');

    const row = await keyRow(ctx().db, ADMIN_CALLER, 'compressed-1');
    expect(JSON.parse(row?.responseBody ?? 'null')).toMatchObject({ description: payload.description });
    const again = await createTenant(ctx(), 'compressed-1', payload);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toMatchObject({ name: 'Compressed Replay', description: payload.description });
  });

  it('stores 4xx outcomes and replays them too', async () => {
    // The body is valid and the handler refuses it (the email is taken): a 409 the key remembers.
    const send = () =>
      ctx().inject({
        method: 'POST',
        url: '/api/users',
        headers: { 'idempotency-key': 'refused-1' },
        payload: { name: 'Twin', email: TEST_ADMIN.email },
      });
    const first = await send();
    expect(first.statusCode).toBe(409);
    const again = await send();
    expect(again.statusCode).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it('refuses the same key for another body or another path with 422', async () => {
    expect((await createTenant(ctx(), 'reuse-1', tenantBody('Reuse One'))).statusCode).toBe(201);

    const otherBody = await createTenant(ctx(), 'reuse-1', tenantBody('Reuse Two'));
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(otherBody.json<{ message: string }>().message).toMatch(/different request/);

    const otherPath = await ctx().inject({
      method: 'POST',
      url: '/api/users',
      headers: { 'idempotency-key': 'reuse-1' },
      payload: { name: 'Reuse One', email: 'reuse-one@example.com' },
    });
    expect(otherPath.statusCode).toBe(422);
    expect(otherPath.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await tenantsNamed(ctx().db, 'Reuse Two')).toBe(0);
  });

  it('keeps keys per caller', async () => {
    const otherCookie = await sessionCookieFor(ctx().db, OTHER_ADMIN);
    const mine = await createTenant(ctx(), 'shared-key', tenantBody('Caller A'));
    const theirs = await createTenant(ctx(), 'shared-key', tenantBody('Caller B'), otherCookie);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json<{ id: string }>().id).not.toBe(mine.json<{ id: string }>().id);
    expect(await keyRow(ctx().db, `user:${OTHER_ADMIN.id}`, 'shared-key')).toBeDefined();
  });

  it("keeps a token's keys apart from its owner's session and from other tokens", async () => {
    const db = ctx().db;
    const first = await bearerTokenFor(db, TEST_ADMIN, { name: 'ci one' });
    const second = await bearerTokenFor(db, TEST_ADMIN, { name: 'ci two' });
    // A bearer request carries no cookie (both at once are refused).
    const withToken = (authorization: string, name: string) =>
      ctx().app.inject({
        method: 'POST',
        url: '/api/tenants',
        headers: { authorization, 'idempotency-key': 'token-key' },
        payload: tenantBody(name),
      });
    const viaFirst = await withToken(first, 'Token One');
    expect(viaFirst.statusCode).toBe(201);
    const replayed = await withToken(first, 'Token One');
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.body).toBe(viaFirst.body);
    expect((await withToken(second, 'Token Two')).statusCode).toBe(201);
    expect((await createTenant(ctx(), 'token-key', tenantBody('Session Three'))).statusCode).toBe(201);
    expect(await tenantsNamed(db, 'Token One')).toBe(1);

    const callers = await db
      .select({ caller: idempotencyKeys.caller })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'token-key'));
    expect(callers.map((c) => c.caller.split(':')[0]).sort()).toEqual(['token', 'token', 'user']);
  });

  it('never stores the reply of a token creation (it holds the secret)', async () => {
    const send = () =>
      ctx().inject({
        method: 'POST',
        url: '/api/tokens',
        headers: { 'idempotency-key': 'new-token' },
        payload: { name: 'pipeline' },
      });
    const [one, two] = [await send(), await send()];
    expect(one.statusCode).toBe(201);
    expect(two.statusCode).toBe(201);
    expect(two.headers['idempotent-replayed']).toBeUndefined();
    expect(two.json<{ id: string }>().id).not.toBe(one.json<{ id: string }>().id);
    const rows = await ctx().db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'new-token'));
    expect(rows).toHaveLength(0);
  });

  it('answers 400 naming the header for a malformed key, before doing anything', async () => {
    for (const key of ['', 'k'.repeat(256), 'clé']) {
      const res = await createTenant(ctx(), key, tenantBody('Bad Key'));
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        issues: [{ path: 'headers.idempotency-key' }],
      });
      expect(res.json<{ message: string }>().message).toMatch(/Idempotency-Key/);
    }
    expect(await tenantsNamed(ctx().db, 'Bad Key')).toBe(0);
    const longest = await createTenant(ctx(), '~'.repeat(255), tenantBody('Longest Key'));
    expect(longest.statusCode).toBe(201);
  });

  it('ignores the header on public routes (no caller to scope it to)', async () => {
    const res = await ctx().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'idempotency-key': 'x'.repeat(300) },
      payload: { email: 'nobody@example.com', password: 'not-the-password-1' },
    });
    expect(res.statusCode).toBe(401);
    const rows = await ctx()
      .db.select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'x'.repeat(300)));
    expect(rows).toHaveLength(0);
  });

  it('sweeps expired keys, and treats an expired key as new even before the sweep', async () => {
    const db = ctx().db;
    expect((await createTenant(ctx(), 'expiring-1', tenantBody('Expiring One'))).statusCode).toBe(201);
    expect((await createTenant(ctx(), 'expiring-2', tenantBody('Expiring Two'))).statusCode).toBe(201);
    await db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(idempotencyKeys.caller, ADMIN_CALLER), eq(idempotencyKeys.key, 'expiring-1')));

    // Expired, not yet swept: a new request with the key does the work (another body is fine).
    const reused = await createTenant(ctx(), 'expiring-1', tenantBody('Expiring Three'));
    expect(reused.statusCode).toBe(201);
    expect(reused.headers['idempotent-replayed']).toBeUndefined();
    expect(await tenantsNamed(db, 'Expiring Three')).toBe(1);

    await db
      .update(idempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(idempotencyKeys.caller, ADMIN_CALLER));
    expect(await sweepIdempotencyKeys(db)).toBeGreaterThanOrEqual(2);
    expect(await keyRow(db, ADMIN_CALLER, 'expiring-2')).toBeUndefined();
    expect(await sweepIdempotencyKeys(db)).toBe(0);

    const afterSweep = await createTenant(ctx(), 'expiring-2', tenantBody('Expiring Two'));
    expect(afterSweep.statusCode).toBe(201);
    expect(afterSweep.headers['idempotent-replayed']).toBeUndefined();
    expect(await tenantsNamed(db, 'Expiring Two')).toBe(2);
  });

  it('takes over a pending key nobody renewed for a minute (its request no longer runs)', async () => {
    const db = ctx().db;
    const body = tenantBody('Taken Over');
    await db.insert(idempotencyKeys).values({
      caller: ADMIN_CALLER,
      key: 'stale-1',
      requestHash: requestHash('POST', '/api/tenants', body),
      createdAt: sql`now() - interval '2 minutes'`,
      // Not renewed for two minutes: the request that claimed it no longer runs.
      heartbeatAt: sql`now() - interval '2 minutes'`,
      expiresAt: sql`now() + interval '1 day'`,
    });
    const res = await createTenant(ctx(), 'stale-1', body);
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await tenantsNamed(db, 'Taken Over')).toBe(1);
    expect(await keyRow(db, ADMIN_CALLER, 'stale-1')).toMatchObject({ responseStatus: 201 });
  });
});
