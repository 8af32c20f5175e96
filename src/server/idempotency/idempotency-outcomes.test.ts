import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp, type App } from '../app';
import { signedIn } from '../auth/permissions';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from '../errors';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../test/databases';
import { sessionCookieFor, TEST_ADMIN } from '../test/sessions';
import { claimOrReplay, completeKey, releaseKey, type IdempotencyLimits } from './idempotency-store';

/** 5xx outcomes (through a probe route that fails on demand) and the store's wait, 409 and takeover. */

const limits: IdempotencyLimits = { waitMs: 10_000, pollMs: 20, staleMs: 60_000, heartbeatMs: 10_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const request = (key: string) => ({
  caller: 'user:store-test',
  key,
  requestHash: 'hash-a',
  accessHash: 'access-a',
});
const created = { status: 201, headers: { 'content-type': 'application/json' }, body: '{"n":1}' };

async function claim(db: Database, key: string): Promise<string> {
  const outcome = await claimOrReplay(db, request(key), limits);
  if (outcome.kind !== 'claimed') throw new Error('expected a claim');
  return outcome.token;
}

const rowOf = async (db: Database, key: string) =>
  (
    await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.caller, 'user:store-test'), eq(idempotencyKeys.key, key)))
  )[0];

for (const kind of testDatabaseKinds()) {
  describe(`Idempotency-Key outcomes [${kind}]`, () => {
    let database: TestDatabase;
    let app: App;
    let cookie: string;
    /** What the probe route does on its next calls, and how often its handler ran. */
    const probe = { failures: [] as ('error' | 'unavailable')[], calls: 0, secrets: 0 };

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      app = await buildApp({ database: database.handle });
      app.post(
        '/api/idempotency-probe',
        { config: { permission: signedIn }, schema: { body: z.object({ note: z.string() }) } },
        async (_request, reply) => {
          probe.calls += 1;
          const failure = probe.failures.shift();
          if (failure === 'error') throw new Error('probe failed');
          if (failure === 'unavailable') throw new AppError('SERVICE_UNAVAILABLE', 'probe unavailable');
          return reply.status(201).send({ calls: probe.calls });
        },
      );
      app.post(
        '/api/idempotency-secret',
        { config: { permission: signedIn, idempotency: false } },
        async (_request, reply) => reply.status(201).send({ secret: (probe.secrets += 1) }),
      );
      await app.ready();
      cookie = await sessionCookieFor(database.handle.db, TEST_ADMIN);
    });

    afterAll(async () => {
      await app?.close();
      await database?.dispose();
    });

    it('does not store a 5xx: a retry with the same key does the work again', async () => {
      const send = () =>
        app.inject({
          method: 'POST',
          url: '/api/idempotency-probe',
          headers: { cookie, 'idempotency-key': 'probe-1' },
          payload: { note: 'x' },
        });
      probe.failures.push('error', 'unavailable');
      const callerKey = and(
        eq(idempotencyKeys.caller, `user:${TEST_ADMIN.id}`),
        eq(idempotencyKeys.key, 'probe-1'),
      );
      const rows = () => database.handle.db.select().from(idempotencyKeys).where(callerKey);

      expect((await send()).statusCode).toBe(500);
      expect(await rows()).toHaveLength(0);
      expect((await send()).statusCode).toBe(503);
      expect(await rows()).toHaveLength(0);

      const done = await send();
      expect(done.statusCode).toBe(201);
      expect(done.json()).toEqual({ calls: 3 });
      const replay = await send();
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual({ calls: 3 });
      expect(probe.calls).toBe(3);
    });

    it('ignores the header on a route that opts out (its response must not be stored)', async () => {
      const send = () =>
        app.inject({
          method: 'POST',
          url: '/api/idempotency-secret',
          headers: { cookie, 'idempotency-key': 'secret-1' },
        });
      expect((await send()).json()).toEqual({ secret: 1 });
      expect((await send()).json()).toEqual({ secret: 2 });
      const rows = await database.handle.db
        .select()
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, 'secret-1'));
      expect(rows).toHaveLength(0);
    });

    it('makes a second request wait for the first, then replays its response', async () => {
      const db = database.handle.db;
      const token = await claim(db, 'wait-1');
      let settled = false;
      const waiting = claimOrReplay(db, request('wait-1'), limits).finally(() => {
        settled = true;
      });
      await sleep(limits.pollMs * 3);
      expect(settled).toBe(false);
      await completeKey(db, request('wait-1'), token, created);
      await expect(waiting).resolves.toEqual({ kind: 'replay', response: created, accessHash: 'access-a' });
    });

    it('hands the key to a waiting request when the first one is released (5xx)', async () => {
      const db = database.handle.db;
      const token = await claim(db, 'wait-2');
      const waiting = claimOrReplay(db, request('wait-2'), limits);
      await sleep(limits.pollMs * 2);
      await releaseKey(db, request('wait-2'), token);
      await expect(waiting).resolves.toMatchObject({ kind: 'claimed' });
    });

    it('answers 409 with Retry-After when the first request is still running after the wait', async () => {
      const db = database.handle.db;
      await claim(db, 'busy-1');
      const error = await claimOrReplay(db, request('busy-1'), { ...limits, waitMs: 100 }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_PROGRESS', headers: { 'retry-after': '1' } });
    });

    it('lets a stale owner neither overwrite nor delete the row of the request that took it over', async () => {
      const db = database.handle.db;
      const oldToken = await claim(db, 'stale-2');
      await db
        .update(idempotencyKeys)
        .set({
          createdAt: sql`date_trunc('milliseconds', now()) - interval '2 minutes'`,
          heartbeatAt: sql`now() - interval '2 minutes'`,
        })
        .where(eq(idempotencyKeys.key, 'stale-2'));
      const staleToken = (await rowOf(db, 'stale-2'))?.createdAt ?? '';
      expect(staleToken).not.toBe(oldToken);

      const takeover = await claimOrReplay(db, request('stale-2'), limits);
      if (takeover.kind !== 'claimed') throw new Error('expected a takeover');
      // The first owner finishes late (with the token it claimed): nothing changes.
      await completeKey(db, request('stale-2'), staleToken, { ...created, body: '"late"' });
      await releaseKey(db, request('stale-2'), staleToken);
      expect(await rowOf(db, 'stale-2')).toMatchObject({ completedAt: null });

      await completeKey(db, request('stale-2'), takeover.token, created);
      expect(await rowOf(db, 'stale-2')).toMatchObject({ responseStatus: 201, responseBody: created.body });
    });

    it('refuses a pending key with another request hash at once', async () => {
      const db = database.handle.db;
      await claim(db, 'other-1');
      const other = { ...request('other-1'), requestHash: 'hash-b' };
      await expect(claimOrReplay(db, other, limits)).rejects.toMatchObject({
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
    });
  });
}
