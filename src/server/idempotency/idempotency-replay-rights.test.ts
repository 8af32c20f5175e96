import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { idempotencyKeys, userProfiles, users } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { productionConfigurationChange } from '../test/change-requests';
import { insertChangeRequestFixtures, insertFixtures } from '../test/fixtures';
import { sessionCookieFor, type TestPersona } from '../test/sessions';
import { ACCESS_CHANGED_MESSAGE, ACCESS_UNKNOWN_MESSAGE } from './idempotency-replay';

const CHANGES = '/api/change-requests';

/** A developer of tenant-001 who loses her role between a request and its replay. */
const DEVELOPER: TestPersona = {
  id: 'replay-dev',
  email: 'replay-dev@example.com',
  roles: { 'tenant-001': 'developer' },
};

const productionVersion = productionConfigurationChange('{"replayed":true}');

describeApi(
  'Idempotency-Key replays re-check the caller’s rights',
  (ctx) => {
    const post = async (url: string, payload: object, key: string, cookie: string) =>
      ctx().inject({ method: 'POST', url, payload, headers: { cookie, 'idempotency-key': key } });
    const loseTenantRole = () =>
      ctx()
        .db.delete(userProfiles)
        .where(and(eq(userProfiles.userId, DEVELOPER.id), eq(userProfiles.tenantId, 'tenant-001')));

    it('refuses the replay of a change request and of a comment once the caller lost her tenant role', async () => {
      const cookie = await sessionCookieFor(ctx().db, DEVELOPER);
      const created = await post(CHANGES, { change: productionVersion }, 'cr-create', cookie);
      expect(created.statusCode, created.body).toBe(201);
      const commented = await post(
        `${CHANGES}/cr-comment/comments`,
        { body: 'looks right' },
        'cr-note',
        cookie,
      );
      expect(commented.statusCode, commented.body).toBe(200);
      // While she holds the role, the replay is the first answer.
      const replayed = await post(CHANGES, { change: productionVersion }, 'cr-create', cookie);
      expect(replayed.headers['idempotent-replayed']).toBe('true');
      expect(replayed.body).toBe(created.body);

      await loseTenantRole();
      const id = created.json<{ id: string }>().id;
      const read = await ctx().inject({ method: 'GET', url: `${CHANGES}/${id}`, headers: { cookie } });
      expect(read.statusCode).toBe(404);

      for (const [url, payload, key] of [
        [CHANGES, { change: productionVersion }, 'cr-create'],
        [`${CHANGES}/cr-comment/comments`, { body: 'looks right' }, 'cr-note'],
      ] as const) {
        const again = await post(url, payload, key, cookie);
        expect(again.statusCode, `${url}: ${again.body}`).toBe(404);
        expect(again.headers['idempotent-replayed']).toBeUndefined();
        expect(again.body).not.toContain(id);
        expect(again.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    });

    it('refuses the replay of a plan, whose tenant is inside its answer, once the caller lost her role', async () => {
      const planner: TestPersona = {
        ...DEVELOPER,
        id: 'replay-planner',
        email: 'replay-planner@example.com',
      };
      const cookie = await sessionCookieFor(ctx().db, planner);
      const exported = await ctx().inject({
        method: 'GET',
        url: '/api/tenants/tenant-001/export',
        headers: { cookie },
      });
      expect(exported.statusCode, exported.body).toBe(200);
      const payload = { document: exported.body };
      const planned = await post('/api/plans', payload, 'plan-1', cookie);
      expect(planned.statusCode, planned.body).toBe(200);
      expect(planned.json()).toMatchObject({ scope: { tenantId: 'tenant-001' } });

      await ctx().db.delete(userProfiles).where(eq(userProfiles.userId, planner.id));
      const again = await post('/api/plans', payload, 'plan-1', cookie);
      expect(again.statusCode, again.body).toBe(403);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      expect(again.json()).toEqual({ code: 'FORBIDDEN', message: ACCESS_CHANGED_MESSAGE });
    });

    it('refuses the replay of a key stored before the caller’s access was kept, access lost or not', async () => {
      const planner: TestPersona = { ...DEVELOPER, id: 'replay-legacy', email: 'replay-legacy@example.com' };
      const cookie = await sessionCookieFor(ctx().db, planner);
      const exported = await ctx().inject({
        method: 'GET',
        url: '/api/tenants/tenant-001/export',
        headers: { cookie },
      });
      const payload = { document: exported.body };
      const planned = await post('/api/plans', payload, 'plan-legacy', cookie);
      expect(planned.statusCode, planned.body).toBe(200);
      // A row as an earlier build stored it: no access hash. Its answer names the tenant only in `scope`.
      await ctx()
        .db.update(idempotencyKeys)
        .set({ accessHash: null })
        .where(eq(idempotencyKeys.key, 'plan-legacy'));

      const refusedWithRole = await post('/api/plans', payload, 'plan-legacy', cookie);
      await ctx().db.delete(userProfiles).where(eq(userProfiles.userId, planner.id));
      const refusedWithout = await post('/api/plans', payload, 'plan-legacy', cookie);
      for (const again of [refusedWithRole, refusedWithout]) {
        expect(again.statusCode, again.body).toBe(403);
        expect(again.headers['idempotent-replayed']).toBeUndefined();
        expect(again.json()).toEqual({ code: 'FORBIDDEN', message: ACCESS_UNKNOWN_MESSAGE });
      }
    });

    it('refuses the replay of an administrator’s write once she is no longer one', async () => {
      const persona: TestPersona = {
        id: 'replay-admin',
        email: 'replay-admin@example.com',
        globalRole: 'admin',
      };
      const cookie = await sessionCookieFor(ctx().db, persona);
      const payload = { name: 'Replay Tenant', owner: 'ops@example.com' };
      const created = await post('/api/tenants', payload, 'tenant-create', cookie);
      expect(created.statusCode, created.body).toBe(201);
      await ctx().db.update(users).set({ globalRole: 'user' }).where(eq(users.id, persona.id));
      const again = await post('/api/tenants', payload, 'tenant-create', cookie);
      expect(again.statusCode).toBe(403);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
    });
  },
  async (db) => {
    await insertFixtures(db);
    await insertChangeRequestFixtures(db);
  },
);
