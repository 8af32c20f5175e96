import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import type { Change } from '../../contract/changes';
import { auditEvents, capabilitySubscriptionVersions as versions, changeRequests } from '../db/schema';
import { migrationsFolder } from '../paths';
import { insertFixtures } from '../test/fixtures';
import { openTestDatabase, type TestDatabase } from '../test/databases';
import { insertItems } from './release-items';
import { handlerOf } from './kinds';
import { runDueChanges } from './scheduler';

/**
 * Two server processes on one PostgreSQL: each has its own connection pool and its own scheduler. They
 * race for the same due requests, and each request must apply exactly once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('scheduled changes across two servers [postgres]', () => {
  let database: TestDatabase;
  let second: DatabaseHandle;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await insertFixtures(database.handle.db);
    second = await openDatabase(
      { kind: 'postgres', url: database.url ?? '', poolSize: 10 },
      migrationsFolder(),
    );
  });

  afterAll(async () => {
    await second?.close();
    await database?.dispose();
  });

  it('applies each due request once, whichever server claims it', async () => {
    const db = database.handle.db;
    const due = new Date(Date.now() - 1000).toISOString();
    // Six independent changes (three capabilities, two regions), so none makes another stale.
    const changes: Change[] = ['api-001', 'api-002', 'api-003'].flatMap((capabilityId) =>
      ['us-east-1', 'eu-west-1'].map((region) => ({
        kind: 'configuration.create' as const,
        body: {
          subscriptionId: `sub-tenant-001-${capabilityId}`,
          tenantId: 'tenant-001',
          capabilityId,
          environment: 'development' as const,
          region: region as 'us-east-1',
          configuration: '{"rateLimit":3}',
        },
      })),
    );
    const ids: string[] = [];
    for (const change of changes) {
      const { snapshot, target } = await db.transaction(async (tx) => ({
        snapshot: await handlerOf(change).snapshot(tx, change),
        target: await handlerOf(change).target(tx, change),
      }));
      const [row] = await db
        .insert(changeRequests)
        .values({
          tenantId: 'tenant-001',
          environment: 'development',
          kind: change.kind,
          title: 'race',
          status: 'scheduled',
          requiredApprovals: 0,
          requestedBy: 'dev@example.com',
          scheduledAt: due,
        })
        .returning({ id: changeRequests.id });
      if (row) ids.push(row.id);
      if (row) await db.transaction((tx) => insertItems(tx, row.id, [{ change, target, snapshot }]));
    }
    const results = await Promise.all([
      runDueChanges(db),
      runDueChanges(second.db),
      runDueChanges(db),
      runDueChanges(second.db),
    ]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(6);
    const rows = await db.select().from(changeRequests);
    expect(rows.map((r) => r.status)).toEqual(Array(6).fill('applied'));
    // One version per context, numbered 1: no request ran twice.
    const created = await db.select().from(versions).where(eq(versions.createdBy, 'dev@example.com'));
    expect(created).toHaveLength(6);
    expect(created.every((v) => v.version === 1 && v.isActive)).toBe(true);
    for (const id of ids) {
      const events = await db.select().from(auditEvents).where(eq(auditEvents.resourceId, id));
      expect(events.map((e) => e.action)).toEqual(['change_request.apply']);
    }
  });
});
