import { desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { MAINTENANCE_MESSAGE, settingsSchema } from '../../contract/settings';
import { auditEvents } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';
import { sessionCookieFor } from '../test/sessions';

const SAVED = {
  accountEmail: 'Ops@Acme.io',
  organization: 'Acme',
  emailNotifications: false,
  autoScaling: true,
  maintenanceMode: false,
};

describeApi(
  'settings API',
  (ctx) => {
    const put = (payload: object, cookie?: string) =>
      ctx().inject({ method: 'PUT', url: '/api/settings', payload, headers: cookie ? { cookie } : {} });
    const member = () =>
      sessionCookieFor(ctx().db, {
        id: 's-member',
        email: 's-member@acme.io',
        roles: { 'tenant-001': 'member' },
      });

    it('answers the defaults before anything was saved, to any signed-in user', async () => {
      const res = await ctx().app.inject({
        method: 'GET',
        url: '/api/settings',
        headers: { cookie: await member() },
      });
      expect(res.statusCode).toBe(200);
      expect(settingsSchema.parse(res.json())).toEqual({
        accountEmail: null,
        organization: null,
        emailNotifications: true,
        autoScaling: false,
        maintenanceMode: false,
        requireProductionHealthChecks: false,
        updatedAt: null,
        updatedBy: null,
        revision: 0,
      });
      expect((await ctx().app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
    });

    it('saves every setting, reads them back, and audits the change', async () => {
      const res = await put(SAVED);
      expect(res.statusCode).toBe(200);
      const saved = settingsSchema.parse(res.json());
      expect(saved).toMatchObject({
        ...SAVED,
        accountEmail: 'ops@acme.io',
        updatedBy: 'test-admin@example.com',
      });
      expect(saved.updatedAt).not.toBeNull();
      expect((await ctx().get('/api/settings')).json()).toEqual(saved);
      const [event] = await ctx()
        .db.select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'settings.update'));
      expect(JSON.parse(event?.changes ?? '{}')).toEqual({
        accountEmail: { from: null, to: 'ops@acme.io' },
        organization: { from: null, to: 'Acme' },
        emailNotifications: { from: true, to: false },
        autoScaling: { from: false, to: true },
      });
      // A second save replaces the row; an empty email means none.
      const again = await put({ ...SAVED, accountEmail: '', organization: null });
      expect(again.json()).toMatchObject({ accountEmail: null, organization: null, autoScaling: true });
    });

    it('requires health checks in production when asked; a body without the field keeps it', async () => {
      const on = await put({ ...SAVED, requireProductionHealthChecks: true });
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json()).toMatchObject({ requireProductionHealthChecks: true });
      const [event] = await ctx()
        .db.select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'settings.update'))
        .orderBy(desc(auditEvents.seq))
        .limit(1);
      expect(JSON.parse(event?.changes ?? '{}')).toMatchObject({
        requireProductionHealthChecks: { from: false, to: true },
      });
      // A client that predates the setting cannot turn it off by leaving it out.
      expect((await put({ ...SAVED, organization: 'Older client' })).json()).toMatchObject({
        organization: 'Older client',
        requireProductionHealthChecks: true,
      });
      const bad = await put({ ...SAVED, requireProductionHealthChecks: 'yes' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues[0].path).toBe('body.requireProductionHealthChecks');
      const off = await put({ ...SAVED, requireProductionHealthChecks: false });
      expect(off.json()).toMatchObject({ requireProductionHealthChecks: false });
    });

    it('refuses bad input with a 400 naming the field', async () => {
      const cases: [object, string][] = [
        [{ ...SAVED, accountEmail: 'not-an-email' }, 'body.accountEmail'],
        [{ ...SAVED, maintenanceMode: 'on' }, 'body.maintenanceMode'],
        [
          { accountEmail: null, organization: null, emailNotifications: true, autoScaling: false },
          'body.maintenanceMode',
        ],
      ];
      for (const [body, field] of cases) {
        const res = await put(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().issues[0].path).toBe(field);
      }
    });

    it('lets only administrators change settings (403)', async () => {
      expect((await put(SAVED, await member())).statusCode).toBe(403);
    });

    it('maintenance mode pauses changes by non-administrators (503), not their reads, not administrators', async () => {
      const developer = await sessionCookieFor(ctx().db, {
        id: 's-developer',
        email: 's-developer@acme.io',
        roles: { 'tenant-001': 'developer' },
      });
      const as = (cookie: string) => (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
        ctx().app.inject({ method, url, payload, headers: { cookie } });
      const dev = as(developer);
      const newApp = { name: 'Paused', technology: 'web-component', tenantId: 'tenant-001' };

      expect((await put({ ...SAVED, maintenanceMode: true })).statusCode).toBe(200);
      const refused = await dev('POST', '/api/web-apps', newApp);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ message: MAINTENANCE_MESSAGE, code: 'SERVICE_UNAVAILABLE' });
      expect((await dev('PATCH', '/api/web-apps/app-1', { status: 'stopped' })).statusCode).toBe(503);
      // Reads keep working, and so do signing in and out.
      expect((await dev('GET', '/api/web-apps')).statusCode).toBe(200);
      expect((await dev('GET', '/api/settings')).json()).toMatchObject({ maintenanceMode: true });
      expect((await dev('POST', '/api/auth/logout')).statusCode).toBe(200);
      // An administrator's change goes through.
      expect(
        (await ctx().inject({ method: 'PATCH', url: '/api/web-apps/app-1', payload: { status: 'stopped' } }))
          .statusCode,
      ).toBe(200);

      expect((await put({ ...SAVED, maintenanceMode: false })).statusCode).toBe(200);
      const again = as(await sessionCookieFor(ctx().db, { id: 's-developer', email: 's-developer@acme.io' }));
      expect((await again('POST', '/api/web-apps', newApp)).statusCode).toBe(201);
    });
  },
  insertFixtures,
);
