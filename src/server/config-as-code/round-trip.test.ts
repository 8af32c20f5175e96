import { expect, it } from 'vitest';
import type { Plan } from '../../contract/config-doc';
import { seedDemoData } from '../demo/demo-data';
import { tenants } from '../db/schema';
import { describeApi } from '../test/api-harness';

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
  },
  (db) => seedDemoData(db),
);
