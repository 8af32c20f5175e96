import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys, tenants } from '../db/schema';
import { openTestDatabase, type TestDatabase } from '../test/databases';
import { startServer, stopServer, type Server } from '../test/server-processes';
import { sessionCookieFor, TEST_ADMIN } from '../test/sessions';

/**
 * Two server processes, each with its own connection pool, on one PostgreSQL database: ten identical
 * creates with one Idempotency-Key race across them. Exactly one does the work; all ten answer alike.
 */

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'Idempotency-Key across two server processes [postgres]',
  () => {
    let database: TestDatabase;
    const servers: Server[] = [];
    let cookie: string;

    beforeAll(async () => {
      database = await openTestDatabase('postgres');
      cookie = await sessionCookieFor(database.handle.db, TEST_ADMIN);
      const url = database.url ?? '';
      servers.push(...(await Promise.all([startServer(url), startServer(url)])));
    }, 60_000);

    afterAll(async () => {
      await Promise.all(servers.map((server) => stopServer(server)));
      await database?.dispose();
    });

    it('creates one resource for ten racing identical requests, and answers all ten alike', async () => {
      const base = (server: Server) => `http://127.0.0.1:${server.port}`;
      // Warm both pools, so the race is between requests rather than connection set-ups.
      for (const server of servers) {
        const res = await fetch(`${base(server)}/api/tenants`, { headers: { cookie } });
        expect(res.status).toBe(200);
      }
      const name = 'Raced Tenant';
      const started = performance.now();
      const replies = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const server = servers[i % servers.length];
          if (!server) throw new Error('no server');
          const res = await fetch(`${base(server)}/api/tenants`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json', 'idempotency-key': 'race-1' },
            body: JSON.stringify({ name, owner: 'ops@example.com' }),
          });
          return {
            status: res.status,
            body: await res.text(),
            replayed: res.headers.get('idempotent-replayed'),
          };
        }),
      );
      const elapsedMs = Math.round(performance.now() - started);

      const db = database.handle.db;
      const created = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, name));
      const replays = replies.filter((r) => r.replayed === 'true').length;
      console.info(
        `idempotency race: ${replies.length} requests on 2 server processes, ${created.length} resource(s) created, ` +
          `${replays} replays, statuses ${JSON.stringify(replies.map((r) => r.status))}, ${elapsedMs} ms`,
      );

      expect(created).toHaveLength(1);
      expect(new Set(replies.map((r) => r.status))).toEqual(new Set([201]));
      expect(new Set(replies.map((r) => r.body)).size).toBe(1);
      expect(JSON.parse(replies[0]?.body ?? '{}')).toMatchObject({ id: created[0]?.id, name });
      expect(replays).toBe(9);
      const [row] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'race-1'));
      expect(row).toMatchObject({ caller: `user:${TEST_ADMIN.id}`, responseStatus: 201 });
    }, 60_000);
  },
);
