import { afterEach, expect, it, vi } from 'vitest';
import { tenants } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { countStatements } from '../test/count-statements';
import { bearerTokenFor, sessionCookieFor } from '../test/sessions';

const MEMBER = { id: 'one-read-member', email: 'one-read@example.com', roles: { 't-one-read': 'developer' } };

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
