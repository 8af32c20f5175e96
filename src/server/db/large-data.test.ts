import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionIdFor } from '../../contract/capability-subscriptions';
import { describeApi } from '../test/api-harness';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../test/databases';
import { seedLargeData, type LargeDataSizes } from './large-data';

const SIZES: LargeDataSizes = {
  tenants: 40,
  users: 30,
  capabilities: 10,
  configurationVersions: 150,
  auditEvents: 120,
  changeRequests: 50,
};

describe.each(testDatabaseKinds())('large data generator on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.dispose());

  const count = async (query: ReturnType<typeof sql>) => {
    const result = (await database.handle.db.execute(query)) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n);
  };

  it('writes every row of the requested sizes, consistently', async () => {
    const result = await seedLargeData(database.handle.db, SIZES);
    expect(result.subscriptions).toBe(15);
    expect(await count(sql`select count(*)::int as n from tenants`)).toBe(40);
    expect(await count(sql`select count(*)::int as n from users`)).toBe(30);
    expect(await count(sql`select count(*)::int as n from user_profiles`)).toBe(30);
    expect(await count(sql`select count(*)::int as n from capabilities`)).toBe(10);
    expect(await count(sql`select count(*)::int as n from capability_subscription_versions`)).toBe(150);
    expect(await count(sql`select count(*)::int as n from audit_events`)).toBe(120);
    expect(await count(sql`select count(*)::int as n from change_requests`)).toBe(50);
    // Each (tenant, capability, environment, region) context has exactly one active version, its newest.
    expect(
      await count(sql`
        select count(*)::int as n from (
          select tenant_id, capability_id, environment, region
          from capability_subscription_versions
          group by 1, 2, 3, 4
          having count(*) filter (where is_active) <> 1
             or max(version) <> max(version) filter (where is_active)
        ) as wrong`),
    ).toBe(0);
    // Versions only reference the subscription of their own tenant and capability.
    expect(
      await count(sql`
        select count(*)::int as n from capability_subscription_versions v
        join capability_subscriptions s on s.id = v.subscription_id
        where s.tenant_id <> v.tenant_id or s.capability_id <> v.capability_id`),
    ).toBe(0);
  });

  it('names each subscription as the API derives it from its tenant and capability', async () => {
    const result = (await database.handle.db.execute(
      sql`select id, tenant_id, capability_id from capability_subscriptions`,
    )) as unknown as { rows: { id: string; tenant_id: string; capability_id: string }[] };
    expect(result.rows).toHaveLength(15);
    for (const row of result.rows) expect(row.id).toBe(subscriptionIdFor(row.tenant_id, row.capability_id));
  });

  it('refuses a database that already holds the data, writing nothing more', async () => {
    await expect(seedLargeData(database.handle.db, SIZES)).rejects.toThrow(
      /already holds the large data set/,
    );
    expect(await count(sql`select count(*)::int as n from tenants`)).toBe(40);
  });
});

describeApi(
  'the large data set through the API',
  (ctx) => {
    it('takes a new configuration version for a seeded subscription', async () => {
      const tenantId = 'large-t-00001';
      // Subscription 1 of the generator: tenant 1's first capability.
      const capabilityId = 'large-cap-002';
      const res = await ctx().inject({
        method: 'POST',
        url: '/api/capability-subscriptions/versions',
        payload: {
          subscriptionId: subscriptionIdFor(tenantId, capabilityId),
          tenantId,
          capabilityId,
          environment: 'development',
          region: 'us-east-1',
          configuration: '{"replicas": 2}',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        subscriptionId: subscriptionIdFor(tenantId, capabilityId),
        version: 5,
      });
    });
  },
  (db) => seedLargeData(db, SIZES),
);
