import { notInArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { capabilitySubscriptions, capabilitySubscriptionVersions as versions, tenants } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';

const ROUNDS = 10;
const WRITERS = 8;
const VERSIONS = '/api/capability-subscriptions/versions';

describeApi(
  'deleting a tenant while its configuration versions are written',
  (ctx) => {
    it(`never answers 500 in ${ROUNDS} rounds of ${WRITERS} creates racing one delete, and leaves no orphans`, async ({
      skip,
    }) => {
      // PGlite runs one connection: its transactions never overlap, so there is no race to lose.
      if (ctx().kind !== 'postgres') skip();
      const rounds: { deleted: number; writers: number[] }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const tenant = await ctx().inject({
          method: 'POST',
          url: '/api/tenants',
          payload: { name: `Doomed ${round}`, owner: 'doomed@example.com' },
        });
        const tenantId = tenant.json().id as string;
        const create = () =>
          ctx().inject({
            method: 'POST',
            url: VERSIONS,
            payload: {
              subscriptionId: `sub-${tenantId}-api-002`,
              tenantId,
              capabilityId: 'api-002',
              // Development: production would ask for an approval, and the race is about the delete.
              environment: 'development',
              region: 'us-east-1',
              configuration: '{"rateLimit":10}',
            },
          });
        // The subscription exists before the race, as it does for any tenant that has a configuration.
        expect((await create()).statusCode).toBe(201);
        // The delete starts amid the writers: some get in before it, some queue behind it.
        const before = Array.from({ length: WRITERS / 2 }, create);
        const deletion = ctx().inject({ method: 'DELETE', url: `/api/tenants/${tenantId}` });
        const after = Array.from({ length: WRITERS / 2 }, create);
        const [deleted, ...written] = await Promise.all([deletion, ...before, ...after]);
        rounds.push({
          deleted: deleted?.statusCode ?? 0,
          writers: written.map((res) => res.statusCode),
        });
      }
      const statuses = rounds.flatMap((r) => [r.deleted, ...r.writers]);
      expect(
        statuses.filter((s) => s >= 500),
        JSON.stringify(rounds),
      ).toEqual([]);
      for (const { deleted, writers } of rounds) {
        expect([200, 204, 409]).toContain(deleted);
        for (const status of writers) expect([201, 404, 409]).toContain(status);
      }
      const { db } = ctx();
      const live = db.select({ id: tenants.id }).from(tenants);
      expect(
        await db
          .select()
          .from(capabilitySubscriptions)
          .where(notInArray(capabilitySubscriptions.tenantId, live)),
      ).toEqual([]);
      expect(await db.select().from(versions).where(notInArray(versions.tenantId, live))).toEqual([]);
      const subscriptions = db.select({ id: capabilitySubscriptions.id }).from(capabilitySubscriptions);
      expect(
        await db.select().from(versions).where(notInArray(versions.subscriptionId, subscriptions)),
      ).toEqual([]);
    }, 120_000);

    it(`deleting a capability while tenants subscribe to it: 200 or 409, never 500, in ${ROUNDS} rounds`, async ({
      skip,
    }) => {
      if (ctx().kind !== 'postgres') skip();
      const seen: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const capability = await ctx().inject({
          method: 'POST',
          url: '/api/capabilities',
          payload: { name: `Short-lived ${round}` },
        });
        expect(capability.statusCode).toBe(201);
        const capabilityId = capability.json().id as string;
        // New subscriptions: each writer inserts the row that references the capability.
        const create = (tenantId: string) =>
          ctx().inject({
            method: 'POST',
            url: VERSIONS,
            payload: {
              subscriptionId: `sub-${tenantId}-${capabilityId}`,
              tenantId,
              capabilityId,
              environment: 'development',
              region: 'us-east-1',
            },
          });
        const tenantIds = ['tenant-002', 'tenant-003', 'tenant-004'];
        const before = tenantIds.map(create);
        const deletion = ctx().inject({ method: 'DELETE', url: `/api/capabilities/${capabilityId}` });
        const [deleted, ...written] = await Promise.all([deletion, ...before]);
        expect([200, 204, 409]).toContain(deleted?.statusCode);
        for (const res of written) expect([201, 404, 409]).toContain(res.statusCode);
        seen.push(deleted?.statusCode ?? 0, ...written.map((res) => res.statusCode));
      }
      expect(seen.filter((status) => status >= 500)).toEqual([]);
    }, 120_000);
  },
  insertFixtures,
);
