import { expect, it } from 'vitest';
import { overviewSchema } from '../../contract/overview';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';

describeApi(
  'overview API',
  (ctx) => {
    it('computes every figure from the database and lists the 3 newest tenants and web apps', async () => {
      const res = await ctx().get('/api/overview');
      expect(res.statusCode).toBe(200);
      const overview = overviewSchema.parse(res.json());
      expect(overview).toMatchObject({ totalTenants: 4, capabilities: 4, webApps: 4 });
      // 3 active tenants + 2 available capabilities + 2 running web apps.
      expect(overview.activeResources).toBe(7);
      expect(overview.recentTenants.map((t) => t.id)).toEqual(['tenant-004', 'tenant-003', 'tenant-002']);
      expect(overview.recentWebApps.map((a) => a.id)).toEqual(['app-4', 'app-3', 'app-2']);
    });
  },
  insertFixtures,
);

describeApi('overview API on an empty database', (ctx) => {
  it('answers zeros and empty lists', async () => {
    const res = await ctx().get('/api/overview');
    expect(res.json()).toEqual({
      totalTenants: 0,
      capabilities: 0,
      webApps: 0,
      activeResources: 0,
      recentTenants: [],
      recentWebApps: [],
    });
  });
});
