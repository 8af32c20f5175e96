import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { DELETE_ALL_CONFIRMATION } from '../../contract/settings';
import { gatewayRoutes, opaPolicies } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixturesWithoutApprovals, insertGatewayFixtures } from '../test/fixtures';

/** Routes and policies go with their tenant, and with Delete All Resources. */
describeApi(
  'gateway data cleanup',
  (ctx) => {
    const rows = async (table: typeof gatewayRoutes | typeof opaPolicies, tenantId?: string) =>
      (
        await ctx()
          .db.select({ n: count() })
          .from(table)
          .where(tenantId ? eq(table.tenantId, tenantId) : undefined)
      )[0]?.n;

    it('deleting a tenant deletes its routes and policies, and no other tenant loses any', async () => {
      expect(await rows(gatewayRoutes, 'tenant-001')).toBe(2);
      expect(await rows(opaPolicies, 'tenant-001')).toBe(1);
      const res = await ctx().inject({ method: 'DELETE', url: '/api/tenants/tenant-001' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await rows(gatewayRoutes, 'tenant-001')).toBe(0);
      expect(await rows(opaPolicies, 'tenant-001')).toBe(0);
      expect(await rows(gatewayRoutes, 'tenant-003')).toBe(1);
    });

    it('Delete All Resources empties both tables and reports the counts', async () => {
      const res = await ctx().inject({
        method: 'POST',
        url: '/api/admin/delete-all-resources',
        payload: { confirmation: DELETE_ALL_CONFIRMATION },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ gatewayRoutes: 1, opaPolicies: 1 });
      expect(await rows(gatewayRoutes)).toBe(0);
      expect(await rows(opaPolicies)).toBe(0);
    });
  },
  async (db) => {
    await insertFixturesWithoutApprovals(db);
    await insertGatewayFixtures(db);
    await db.insert(gatewayRoutes).values({
      tenantId: 'tenant-003',
      capabilityId: 'api-001',
      environment: 'production',
      path: '/kept',
      methods: ['GET'],
      targetService: 'kept:80',
    });
    await db.insert(opaPolicies).values({
      tenantId: 'tenant-003',
      capabilityId: 'api-001',
      environment: 'production',
      name: 'Kept',
      policyType: 'authz',
      policyContent: 'package kept\n',
    });
  },
);
