import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../app';
import { migrationsFolder } from '../paths';
import { openTestDatabase, type TestDatabase } from '../test/databases';
import { silenceableProxy } from '../test/silenceable-proxy';
import { sessionCookieFor, TEST_ADMIN } from '../test/sessions';
import { openDatabase, type DatabaseHandle, type DatabaseTimeouts } from './client';

/**
 * The circuit breaker on a real PostgreSQL server reached through a proxy that can drop every byte (a
 * network path that fails without a reset). PostgreSQL only: the embedded database cannot be unreachable.
 */

const TIMEOUTS: DatabaseTimeouts = { connectMs: 3_000, statementMs: 3_000, idleInTransactionMs: 5_000 };
/** "At once", as a bound that holds on a loaded machine yet is far below any timeout the request could hit. */
const FAST_MS = TIMEOUTS.connectMs / 3;

const breakerGauge = async (app: App) =>
  /db_breaker_state (\d)/.exec((await app.metrics.exposition()).body)?.[1];

describe.skipIf(!process.env.TEST_DATABASE_URL)('database circuit breaker [postgres]', () => {
  let server: TestDatabase;
  let proxy: Awaited<ReturnType<typeof silenceableProxy>>;
  let database: DatabaseHandle;
  let app: App;
  let cookie: string;
  const list = () => app.inject({ url: '/api/tenants', headers: { cookie } });

  beforeAll(async () => {
    server = await openTestDatabase('postgres');
    cookie = await sessionCookieFor(server.handle.db, TEST_ADMIN);
    const url = new URL(server.url ?? '');
    proxy = await silenceableProxy(Number(url.port || 5432), url.hostname);
    url.host = `127.0.0.1:${proxy.port}`;
    database = await openDatabase(
      { kind: 'postgres', url: url.toString(), timeouts: TIMEOUTS },
      migrationsFolder(),
    );
    app = await buildApp({ database });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.close();
    await proxy.close();
    await server.dispose();
  });

  it('keeps closed through SQL errors and one slow statement', { timeout: 20_000 }, async () => {
    expect((await list()).statusCode).toBe(200);
    await expect(database.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
    await expect(database.db.execute(sql`select 1/0`)).rejects.toThrow();
    // The server cancels it (statement timeout, SQLSTATE 57014): a 503 for that request, the server is fine.
    // It runs long enough for the watchdog to probe the server, which answers.
    await expect(database.db.execute(sql`select pg_sleep(4)`)).rejects.toThrow();
    const again = await app.inject({
      method: 'POST',
      url: '/api/tenants',
      headers: { cookie },
      payload: { name: 'Breaker test', owner: 'ops@example.com' },
    });
    expect(again.statusCode).toBe(201);
    expect(database.breaker?.state).toBe('closed');
    expect(await breakerGauge(app)).toBe('0');
  });

  it('answers 503 at once after the first request finds the database unreachable, and closes when it is back', async () => {
    proxy.state.silent = true;
    // The first request waits on its pooled connection, which only its query timeout (statement timeout
    // + 2 s) would end; the watchdog's probe finds the server unreachable before that, and the opening
    // breaker ends the connection (liveness.test.ts).
    const pending = list();
    await vi.waitFor(() => expect(database.breaker?.state).toBe('open'), { timeout: 10_000, interval: 20 });
    const first = await pending;
    expect(first.statusCode).toBe(503);
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      const res = await list();
      expect(performance.now() - started).toBeLessThan(FAST_MS);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.json()).toEqual(first.json());
    }
    const ready = await app.inject('/api/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.json<{ message: string }>().message).toContain('circuit breaker open');
    expect(await breakerGauge(app)).toBe('1');

    proxy.state.silent = false;
    await vi.waitFor(async () => expect((await app.inject('/api/ready')).statusCode).toBe(200), {
      timeout: 10_000,
      interval: 50,
    });
    expect((await list()).statusCode).toBe(200);
    await vi.waitFor(() => expect(database.breaker?.state).toBe('closed'), { timeout: 5_000, interval: 50 });
    expect(await breakerGauge(app)).toBe('0');
    expect(database.breaker?.opened).toBe(1);
  }, 30_000);
});
