import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_EVENTS_PATH } from '../../contract/events';
import { buildApp, type App } from '../app';
import { LISTENER_APPLICATION_NAME } from '../db/notifications';
import { openTestDatabase, type TestDatabase } from '../test/databases';
import { insertFixtures } from '../test/fixtures';
import { startServer, stopServer, type Server } from '../test/server-processes';
import { sessionCookieFor, TEST_ADMIN } from '../test/sessions';
import { SseClient } from '../test/sse-client';

/** Runs `sql` on the server's maintenance database (ALTER DATABASE, pg_terminate_backend). */
async function onServer<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('live events on PostgreSQL [postgres]', () => {
  let database: TestDatabase;
  let app: App;
  let base = '';
  let cookie = '';
  let name = '';
  const clients: SseClient[] = [];
  const servers: Server[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await insertFixtures(database.handle.db);
    cookie = await sessionCookieFor(database.handle.db, TEST_ADMIN);
    name = new URL(database.url ?? '').pathname.slice(1);
    app = await buildApp({ database: database.handle });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => clients.splice(0).forEach((client) => client.close()));
  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server)));
    await app?.close();
    await onServer(`alter database ${name} allow_connections true`).catch(() => undefined);
    await database?.dispose();
  });

  const open = (url: string) => {
    const client = new SseClient(url, { cookie });
    clients.push(client);
    return client;
  };
  const edit = async (origin: string, description: string) => {
    const res = await fetch(`${origin}/api/tenants/tenant-001`, {
      method: 'PATCH',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ description }),
    });
    expect(res.status).toBe(200);
  };
  const listenerPids = () =>
    onServer<{ pid: number }>(
      `select pid from pg_stat_activity where datname = $1 and application_name = $2`,
      [name, LISTENER_APPLICATION_NAME],
    );

  it('recovers the events written while its LISTEN connection was down: none lost, none twice', async () => {
    const stream = open(`${base}${LIVE_EVENTS_PATH}`);
    await stream.next((f) => f.event === 'ready');
    await edit(base, 'before the cut');
    await stream.until(() => stream.changes().length === 1);
    const [listener] = await listenerPids();
    expect(listener).toBeDefined();
    // No new connection may open meanwhile (the pool's open ones keep serving), so the writes below
    // certainly happen while nobody LISTENs.
    await onServer(`alter database ${name} allow_connections false`);
    await onServer('select pg_terminate_backend($1)', [listener?.pid]);
    await expect.poll(async () => (await listenerPids()).length).toBe(0);
    for (const text of ['while down 1', 'while down 2', 'while down 3']) await edit(base, text);
    expect(stream.changes()).toHaveLength(1);
    await onServer(`alter database ${name} allow_connections true`);
    await stream.until(() => stream.changes().length >= 4, 20_000, 'the missed events');
    await edit(base, 'after the reconnection');
    await stream.until(() => stream.changes().length >= 5);
    const ids = stream.changes().map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(new Set(ids).size).toBe(5);
  }, 60_000);

  it('carries a change made on one server process to a stream on another', async () => {
    servers.push(...(await Promise.all([startServer(database.url ?? ''), startServer(database.url ?? '')])));
    const [one, two] = servers.map((server) => `http://127.0.0.1:${server.port}`);
    const stream = open(`${two}${LIVE_EVENTS_PATH}`);
    await stream.next((f) => f.event === 'ready');
    await edit(one ?? '', 'from process one');
    const frame = await stream.next((f) => f.event === 'change');
    expect(JSON.parse(frame.data ?? '')).toMatchObject({ action: 'tenant.update', tenantId: 'tenant-001' });
  }, 60_000);
});
