import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { migrationsFolder } from '../paths';
import { openTestDatabase, type TestDatabase } from '../test/databases';
import { silenceableProxy } from '../test/silenceable-proxy';
import { sessionCookieFor, TEST_ADMIN } from '../test/sessions';
import { openDatabase, type DatabaseHandle } from './client';

/*
 * A network path that goes silent under requests already waiting on the database (issue 41): they answer
 * 503 once the breaker's probe, on a connection of its own, finds the server unreachable, not at their own
 * timeouts. Those are set far beyond this test's timeout (a minute per statement, half a minute per
 * connect), so only the liveness check can end the requests before the test fails. PostgreSQL only.
 */
const SLOW = { connectMs: 30_000, statementMs: 60_000, idleInTransactionMs: 60_000 };
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe.skipIf(!process.env.TEST_DATABASE_URL)('a silent network under waiting requests [postgres]', () => {
  let database: TestDatabase;
  let proxy: Awaited<ReturnType<typeof silenceableProxy>>;
  let viaProxy: DatabaseHandle;
  let app: App;
  let cookie: string;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    const url = new URL(database.url ?? '');
    proxy = await silenceableProxy(Number(url.port || 5432), url.hostname);
    url.host = `127.0.0.1:${proxy.port}`;
    viaProxy = await openDatabase(
      { kind: 'postgres', url: url.toString(), poolSize: 3, timeouts: SLOW },
      migrationsFolder(),
    );
    app = await buildApp({ database: viaProxy });
    cookie = await sessionCookieFor(viaProxy.db, TEST_ADMIN);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await viaProxy?.close().catch(() => undefined);
    await proxy?.close();
    await database?.dispose();
  });

  it('answers 503 to every waiting request (running, queued for a connection, in a transaction) and recovers', async () => {
    const list = () => app.inject({ url: '/api/tenants', headers: { cookie } });
    const create = () =>
      app.inject({
        method: 'POST',
        url: '/api/tenants',
        headers: { cookie },
        payload: { name: 'written-into-silence', owner: 'ops@example.com' },
      });
    // Three pooled connections that will go silent.
    for (const res of await Promise.all([list(), list(), list()])) expect(res.statusCode).toBe(200);

    proxy.state.silent = true;
    // More requests than connections: three run on the silent ones, the rest wait in the pool's queue.
    const waiting = await Promise.all([list(), list(), create(), list(), list(), create()]);
    for (const res of waiting) {
      expect(res.statusCode, res.body).toBe(503);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(viaProxy.breaker?.opened).toBeGreaterThanOrEqual(1);

    proxy.state.silent = false;
    while ((await app.inject('/api/ready')).statusCode !== 200) await settle();
    expect((await list()).statusCode).toBe(200);
    expect((await create()).statusCode).toBe(201);
  }, 20_000);
});
