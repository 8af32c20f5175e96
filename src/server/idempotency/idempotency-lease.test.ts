import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { signedIn } from '../auth/permissions';
import { idempotencyKeys } from '../db/schema';
import { openTestDatabase, type TestDatabase } from '../test/databases';
import { sessionCookieFor, TEST_ADMIN } from '../test/sessions';
import { requestHash } from './idempotency';
import type { IdempotencyLimits } from './idempotency-store';

/**
 * Short enough for a test, and the heartbeat far inside the stale time (as by default, 10 s in 60 s), so
 * a loaded machine delaying a timer does not fake a dead owner.
 */
const LIMITS: IdempotencyLimits = { waitMs: 2_000, pollMs: 20, staleMs: 1_500, heartbeatMs: 100 };
const SLOW = '/api/test/slow';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A real app with one more route, a write that runs until the test lets it finish: a request far slower
 * than the stale time, going through the real guard and Idempotency-Key hooks.
 */
describe('Idempotency-Key: a pending key is taken over only from a request that no longer runs', () => {
  let database: TestDatabase;
  let app: App;
  let cookie = '';
  let runs = 0;
  // Every run waits for the test to let it finish: a second run must show as a count, not as a hang.
  let finish = () => {};
  let finished = Promise.resolve();
  const holdRuns = () => {
    finished = new Promise<void>((resolve) => (finish = resolve));
  };

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildApp({ database: database.handle, idempotency: LIMITS });
    app.post(SLOW, { config: { permission: signedIn } }, async (_request, reply) => {
      runs++;
      await finished;
      return reply.status(201).send({ run: runs });
    });
    await app.ready();
    cookie = await sessionCookieFor(database.handle.db, TEST_ADMIN);
  });

  afterEach(() => finish());

  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  const send = (key: string) =>
    app.inject({ method: 'POST', url: SLOW, headers: { cookie, 'idempotency-key': key }, payload: {} });

  it('keeps the key of a first request still running after many stale times; then replays it', async () => {
    holdRuns();
    const first = send('slow-1');
    await sleep(LIMITS.staleMs * 2);
    expect(runs).toBe(1);
    // Waits its full time without taking over, then says the first is still in progress.
    const second = await send('slow-1');
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_IN_PROGRESS' });
    expect(runs).toBe(1);

    finish();
    const done = await first;
    expect(done.statusCode).toBe(201);
    const third = await send('slow-1');
    expect(third.headers['idempotent-replayed']).toBe('true');
    expect(third.body).toBe(done.body);
    expect(runs).toBe(1);
  });

  it('takes over a pending key nobody renews any more (its process is gone)', async () => {
    // What a process that died mid-request leaves: a pending row whose last sign of life is old.
    await database.handle.db.insert(idempotencyKeys).values({
      caller: `user:${TEST_ADMIN.id}`,
      key: 'orphan-1',
      requestHash: requestHash('POST', SLOW, {}),
      createdAt: sql`now() - interval '2 seconds'`,
      heartbeatAt: sql`now() - interval '2 seconds'`,
      expiresAt: sql`now() + interval '1 day'`,
    });
    const before = runs;
    const res = await send('orphan-1');
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(runs).toBe(before + 1);
  });
});
