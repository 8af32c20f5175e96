import { expect, it } from 'vitest';
import type { Plan } from '../../contract/config-doc';
import { seedDemoData } from '../demo/demo-data';
import { tenants } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { bearerTokenFor, sessionCookieFor, TEST_ADMIN, tenantMember } from '../test/sessions';

/** Export then plan is no change: every demo tenant and the platform, in YAML and JSON. */
describeApi(
  'configuration as code round trip (demo data)',
  (ctx) => {
    const plan = async (document: string) => {
      const res = await ctx().inject({
        method: 'POST',
        url: '/api/plans',
        payload: { document, prune: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Plan>();
    };

    it('plans every demo tenant’s export to no change, in YAML and in JSON', async () => {
      const rows = await ctx().db.select({ id: tenants.id }).from(tenants);
      expect(rows.length).toBeGreaterThan(3);
      for (const { id } of rows) {
        for (const accept of ['application/yaml', 'application/json']) {
          const exported = await ctx().inject({
            method: 'GET',
            url: `/api/tenants/${id}/export`,
            headers: { accept },
          });
          expect(exported.statusCode, exported.body).toBe(200);
          const planned = await plan(exported.body);
          expect({ id, changes: planned.changes, prune: planned.prune }).toEqual({
            id,
            changes: [],
            prune: [],
          });
        }
      }
    });

    it('plans the platform’s export to no change', async () => {
      const exported = await ctx().get('/api/platform/export');
      expect(exported.statusCode, exported.body).toBe(200);
      const planned = await plan(exported.body);
      expect(planned.changes).toEqual([]);
      expect(planned.prune).toEqual([]);
    });

    it('exports the same bytes twice', async () => {
      const first = await ctx().get('/api/tenants/tenant-001/export');
      const second = await ctx().get('/api/tenants/tenant-001/export');
      expect(first.headers['content-disposition']).toMatch(/attachment; filename=".+\.yaml"/);
      expect(second.body).toBe(first.body);
      const platform = [await ctx().get('/api/platform/export'), await ctx().get('/api/platform/export')];
      expect(platform[1]?.body).toBe(platform[0]?.body);
    });

    it('serves the JSON Schema of the format', async () => {
      const res = await ctx().get('/api/config-schema');
      expect(res.statusCode).toBe(200);
      const schema = res.json<{ oneOf?: unknown[]; anyOf?: unknown[] }>();
      expect(JSON.stringify(schema)).toContain('resource-manager/v1');
      expect((schema.oneOf ?? schema.anyOf ?? []).length).toBe(2);
      const docs = (await ctx().get('/api/docs/json')).json<{ paths: Record<string, object> }>();
      for (const path of [
        '/api/tenants/{tenantId}/export',
        '/api/platform/export',
        '/api/config-schema',
        '/api/plans',
        '/api/plans/apply',
      ]) {
        expect(Object.keys(docs.paths)).toContain(path);
      }
    });

    it('works with an API token as the other routes do', async () => {
      const authorization = await bearerTokenFor(ctx().db, TEST_ADMIN);
      const exported = await ctx().app.inject({
        method: 'GET',
        url: '/api/tenants/tenant-001/export',
        headers: { authorization },
      });
      expect(exported.statusCode, exported.body).toBe(200);
      const planned = await ctx().app.inject({
        method: 'POST',
        url: '/api/plans',
        headers: { authorization },
        payload: { document: exported.body },
      });
      expect(planned.statusCode, planned.body).toBe(200);
      expect(planned.json<Plan>().changes).toEqual([]);
    });

    it('lets only readers export and plan a tenant, and only administrators the platform', async () => {
      const outsider = await sessionCookieFor(ctx().db, {
        id: 'cac-outsider',
        email: 'cac-outsider@example.com',
      });
      const member = await sessionCookieFor(ctx().db, tenantMember('cac', 'member'));
      const as = (cookie: string, url: string, payload?: object) =>
        ctx().inject({
          method: payload ? 'POST' : 'GET',
          url,
          headers: { cookie },
          ...(payload && { payload }),
        });
      expect((await as(outsider, '/api/tenants/tenant-001/export')).statusCode).toBe(404);
      expect((await as(member, '/api/tenants/tenant-001/export')).statusCode).toBe(200);
      const document = (await ctx().get('/api/tenants/tenant-001/export')).body;
      expect((await as(outsider, '/api/plans', { document })).statusCode).toBe(404);
      expect((await as(member, '/api/plans', { document })).statusCode).toBe(200);
      const platform = (await ctx().get('/api/platform/export')).body;
      expect((await as(member, '/api/platform/export')).statusCode).toBe(403);
      expect((await as(member, '/api/plans', { document: platform })).statusCode).toBe(403);
    });
  },
  (db) => seedDemoData(db),
);
