import { expect, it } from 'vitest';
import { recordAudit } from '../audit/service';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';
import { sessionCookieFor, type TestPersona } from '../test/sessions';

const MEMBER_A: TestPersona = { id: 's-member', email: 'member@a.io', roles: { 'tenant-001': 'member' } };
const OWNER_B: TestPersona = { id: 's-owner-b', email: 'owner@b.io', roles: { 'tenant-002': 'owner' } };

describeApi(
  'lists narrowed to the viewer',
  (ctx) => {
    const getAs = async (persona: TestPersona, url: string) =>
      ctx().app.inject({
        method: 'GET',
        url,
        headers: { cookie: await sessionCookieFor(ctx().db, persona) },
      });
    const ids = (body: { id: string }[]) => body.map((item) => item.id).sort();

    it('shows a tenant member only their tenants, web apps, meshes, profiles and colleagues', async () => {
      expect(ids((await getAs(MEMBER_A, '/api/tenants')).json())).toEqual(['tenant-001']);
      expect((await getAs(MEMBER_A, '/api/tenants')).headers['x-total-count']).toBe('1');
      expect(ids((await getAs(MEMBER_A, '/api/web-apps')).json())).toEqual(['app-1', 'app-2']);
      expect(ids((await getAs(MEMBER_A, '/api/web-app-meshes')).json())).toEqual(['mesh-1']);
      expect(ids((await getAs(OWNER_B, '/api/web-app-meshes')).json())).toEqual([]);
      const profiles = (await getAs(MEMBER_A, '/api/user-profiles')).json() as { tenantId: string }[];
      expect(new Set(profiles.map((p) => p.tenantId))).toEqual(new Set(['tenant-001']));
      expect(ids((await getAs(MEMBER_A, '/api/users')).json())).toEqual(['s-member', 'user-1', 'user-2']);
      expect(ids((await getAs(OWNER_B, '/api/users')).json())).toEqual(['s-owner-b', 'user-2']);
    });

    it("counts the Overview over the viewer's tenants", async () => {
      const overview = (await getAs(OWNER_B, '/api/overview')).json();
      expect(overview).toMatchObject({ totalTenants: 1, webApps: 1, capabilities: 4 });
      expect(overview.recentTenants.map((t: { id: string }) => t.id)).toEqual(['tenant-002']);
    });

    it('hides another tenant and its resources as if they did not exist', async () => {
      for (const url of [
        '/api/tenants/tenant-002',
        '/api/web-apps/app-3',
        '/api/capability-subscriptions/versions/history/tenant-002/api-001/production/us-east-1',
      ]) {
        const res = await getAs(MEMBER_A, url);
        expect(res.statusCode, url).toBe(404);
      }
      expect((await getAs(MEMBER_A, '/api/tenants/tenant-002')).json()).toEqual({
        message: 'Tenant not found',
        code: 'NOT_FOUND',
      });
    });
  },
  insertFixtures,
);

describeApi(
  'audit log',
  (ctx) => {
    const getAs = async (persona: TestPersona | null, url: string) =>
      persona
        ? ctx().app.inject({
            method: 'GET',
            url,
            headers: { cookie: await sessionCookieFor(ctx().db, persona) },
          })
        : ctx().get(url);

    it('shows administrators everything, newest first, filterable and paged', async () => {
      const all = (await getAs(null, '/api/audit-events?resourceType=tenant')).json();
      expect(all.map((e: { action: string }) => e.action)).toEqual([
        'tenant.delete',
        'tenant.update',
        'tenant.create',
      ]);
      expect((await getAs(null, '/api/audit-events?actor=carol')).json()).toHaveLength(1);
      expect((await getAs(null, '/api/audit-events?tenantId=tenant-002')).json()).toHaveLength(2);
      const page = await getAs(null, '/api/audit-events?resourceType=tenant&limit=1&offset=1');
      expect(page.json().map((e: { action: string }) => e.action)).toEqual(['tenant.update']);
      expect(page.headers['x-total-count']).toBe('3');
      const future = new Date(Date.now() + 3600_000).toISOString();
      expect((await getAs(null, `/api/audit-events?from=${encodeURIComponent(future)}`)).json()).toEqual([]);
    });

    it("shows a tenant owner only their tenants' events, and refuses anyone else", async () => {
      const owner = (await getAs(OWNER_B, '/api/audit-events')).json();
      expect(new Set(owner.map((e: { tenantId: string }) => e.tenantId))).toEqual(new Set(['tenant-002']));
      const member = await getAs(MEMBER_A, '/api/audit-events');
      expect(member.statusCode).toBe(403);
      expect(member.json().message).toBe('Only administrators and tenant owners can read the audit log');
    });

    it('refuses a malformed date filter with 400 naming it', async () => {
      const res = await getAs(null, '/api/audit-events?from=yesterday');
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe('querystring.from');
    });
  },
  async (db) => {
    await insertFixtures(db);
    const carol = { id: 'user-c', email: 'carol@initech.io', ip: '10.0.0.1' };
    const admin = { id: 'user-1', email: 'alice@acme.io' };
    await recordAudit(db, admin, {
      action: 'tenant.create',
      resourceType: 'tenant',
      resourceId: 'tenant-001',
      tenantId: 'tenant-001',
    });
    await new Promise((r) => setTimeout(r, 5));
    await recordAudit(db, carol, {
      action: 'tenant.update',
      resourceType: 'tenant',
      resourceId: 'tenant-002',
      tenantId: 'tenant-002',
      changes: { name: 'x' },
    });
    await new Promise((r) => setTimeout(r, 5));
    await recordAudit(db, admin, {
      action: 'tenant.delete',
      resourceType: 'tenant',
      resourceId: 'tenant-002',
      tenantId: 'tenant-002',
    });
  },
);
