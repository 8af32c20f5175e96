import pg from 'pg';
import { afterEach, expect, it, vi, type MockInstance } from 'vitest';
import type { Database } from '../db/client';
import { tenants } from '../db/schema';
import { describeApi } from '../test/api-harness';
import type { TestDatabaseKind } from '../test/databases';
import { bearerTokenFor, sessionCookieFor } from '../test/sessions';
import { propertyOf } from '../unknown';

const MEMBER = { id: 'one-read-member', email: 'one-read@example.com', roles: { 't-one-read': 'developer' } };

/**
 * Counts the statements sent to the database from now on: every query a pg client runs (pooled or not,
 * BEGIN and COMMIT included) but the live feed's, or every call into the PGlite instance under the Drizzle database.
 */
function countStatements(kind: TestDatabaseKind, db: Database): () => number {
  if (kind === 'postgres') {
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    // The live feed's LISTEN connection comes up in the background on PostgreSQL and then reads what
    // committed meanwhile from audit_events: that read is not the request's, whenever it lands.
    return () => spy.mock.calls.filter(([query]) => !isLiveFeedQuery(query)).length;
  }
  const client = propertyOf(db, '$client');
  if (typeof client !== 'object' || client === null) throw new Error('no PGlite client under the database');
  const spies: MockInstance[] = (['query', 'exec', 'transaction'] as const).map((method) =>
    // The PGlite instance's own methods; its type is not exported through the Drizzle database type.
    vi.spyOn(client as Record<typeof method, () => unknown>, method),
  );
  return () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
}

function isLiveFeedQuery(query: unknown): boolean {
  const text = typeof query === 'string' ? query : propertyOf(query, 'text');
  return typeof text === 'string' && /^\s*(un)?listen\b|\baudit_events\b/i.test(text);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describeApi(
  'who is asking: one read',
  (ctx) => {
    const statementsOf = async (headers: Record<string, string>, url: string) => {
      const { app, kind, db } = ctx();
      const count = countStatements(kind, db);
      const res = await app.inject({ url, headers });
      const statements = count();
      vi.restoreAllMocks();
      expect(res.statusCode).toBe(200);
      return { statements, body: res.json<unknown>() };
    };

    it('reads the session, its user and their tenant roles in one statement', async () => {
      const cookie = await sessionCookieFor(ctx().db, MEMBER);
      const me = await statementsOf({ cookie }, '/api/auth/me');
      expect(me.statements).toBe(1);
      expect(me.body).toMatchObject({ memberships: [{ tenantId: 't-one-read', role: 'developer' }] });
      // The list adds its own page query and nothing else: the viewer came with the first statement.
      const list = await statementsOf({ cookie }, '/api/tenants');
      expect(list.statements).toBe(2);
      expect(list.body).toEqual([expect.objectContaining({ id: 't-one-read' })]);
    });

    it('reads a bearer token, its owner and their tenant roles in one statement', async () => {
      const authorization = await bearerTokenFor(ctx().db, MEMBER);
      // The first use stamps the token's last use (a write, at most once a minute); the next ones only read.
      const first = await statementsOf({ authorization }, '/api/auth/me');
      expect(first.statements).toBe(2);
      const me = await statementsOf({ authorization }, '/api/auth/me');
      expect(me.statements).toBe(1);
      expect(me.body).toMatchObject({ memberships: [{ tenantId: 't-one-read', role: 'developer' }] });
      const list = await statementsOf({ authorization }, '/api/tenants');
      expect(list.statements).toBe(2);
    });
  },
  async (db) => {
    await db.insert(tenants).values({ id: 't-one-read', name: 'One read', owner: 'platform' });
  },
);
