import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  capabilityDeployments,
  changeRequestEvents,
  changeRequests,
  deploymentHealthResults,
  microfrontendDeployments,
  microfrontends,
  microfrontendVersions,
  rollouts,
} from '../db/schema';
import { insertFixtures } from '../test/fixtures';

/* What the Overview tests read: requests of two tenants, a rollout, failing slots with probes. */

const HOUR = 3_600_000;
export const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();
export const ahead = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
/** A UTC day, YYYY-MM-DD, `days` before today. */
export const dayBefore = (days: number) => new Date(Date.now() - days * 24 * HOUR).toISOString().slice(0, 10);

export const SLOT_FAILING = '00000000-0000-4000-8000-0000000000f1';
export const SLOT_UNHEALTHY = '00000000-0000-4000-8000-0000000000f2';
export const SLOT_HEALTHY = '00000000-0000-4000-8000-0000000000f3';
/** Probes written for the failing slot: more than a strip shows. */
export const FAILING_PROBES = 14;

const request = (
  id: string,
  tenantId: string | null,
  fields: Partial<typeof changeRequests.$inferInsert> = {},
): typeof changeRequests.$inferInsert => ({
  id,
  tenantId,
  environment: 'production',
  kind: 'configuration.create',
  title: `Overview ${id}`,
  requiredApprovals: 1,
  requestedById: 'user-2',
  requestedBy: 'bob@globex.io',
  ...fields,
});

async function insertRequests(db: Database): Promise<void> {
  await db.insert(changeRequests).values([
    request('ov-wait-1', 'tenant-001', { createdAt: ago(30) }),
    request('ov-wait-2', 'tenant-002', { createdAt: ago(5), environment: 'uat' }),
    request('ov-wait-platform', null, { createdAt: ago(4) }),
    // The administrator's own: never waiting for them.
    request('ov-mine', 'tenant-001', { requestedById: 'test-admin', requestedBy: 'test-admin@example.com' }),
    request('ov-mine-failed', 'tenant-001', {
      requestedById: 'test-admin',
      requestedBy: 'test-admin@example.com',
      status: 'failed',
      updatedAt: ago(0),
    }),
    request('ov-soon', 'tenant-001', { status: 'scheduled', scheduledAt: ahead(2) }),
    request('ov-soon-2', 'tenant-002', { status: 'scheduled', scheduledAt: ahead(1) }),
    request('ov-later', 'tenant-001', { status: 'scheduled', scheduledAt: ahead(30) }),
    request('ov-applied-1', 'tenant-001', { status: 'applied', appliedAt: ago(24) }),
    request('ov-applied-2', 'tenant-002', {
      status: 'applied',
      appliedAt: ago(0),
      environment: 'development',
    }),
    request('ov-applied-old', 'tenant-001', { status: 'applied', appliedAt: ago(24 * 40) }),
  ]);
  await db.insert(changeRequestEvents).values({
    changeRequestId: 'ov-applied-1',
    kind: 'revert',
    round: 1,
    author: 'system',
  });
}

async function insertDelivery(db: Database): Promise<void> {
  await db.insert(microfrontends).values({ id: 'ov-mf', slug: 'ov-mf', name: 'Checkout' });
  await db.insert(microfrontendVersions).values({ id: 'ov-mfv', microfrontendId: 'ov-mf', version: '1.0.0' });
  const slot = { microfrontendId: 'ov-mf', versionId: 'ov-mfv', slot: 'blue' as const };
  await db.insert(microfrontendDeployments).values([
    { ...slot, id: SLOT_FAILING, environment: 'production', healthFailures: 2, trafficPercentage: 100 },
    { ...slot, id: SLOT_HEALTHY, environment: 'uat', healthStatus: 'healthy' },
  ]);
  await db.insert(capabilityDeployments).values({
    id: SLOT_UNHEALTHY,
    capabilityId: 'api-001',
    environment: 'development',
    slot: 'green',
    version: '1.0.0',
    healthStatus: 'unhealthy',
    healthReason: 'HTTP 503',
  });
  await db.insert(deploymentHealthResults).values(
    Array.from({ length: FAILING_PROBES }, (_, i) => ({
      resourceType: 'microfrontend' as const,
      deploymentId: SLOT_FAILING,
      checkedAt: ago((FAILING_PROBES - i) / 60),
      ok: i < FAILING_PROBES - 2,
      statusCode: i < FAILING_PROBES - 2 ? 200 : 500,
      durationMs: 10 + i,
    })),
  );
  const rollout = {
    resourceType: 'microfrontend' as const,
    resourceId: 'ov-mf',
    fromSlot: 'blue' as const,
    toSlot: 'green' as const,
    steps: [10, 50, 100],
    analysisWindowSeconds: 300,
    watchWindowSeconds: 600,
    startedBy: 'test-admin@example.com',
  };
  await db.insert(rollouts).values([
    {
      ...rollout,
      environment: 'production',
      state: 'running',
      stepIndex: 1,
      trafficPercentage: 50,
      nextActionAt: ahead(0.1),
    },
    { ...rollout, environment: 'uat', state: 'completed', stepIndex: 2, trafficPercentage: 100 },
  ]);
}

export async function insertOverviewData(db: Database): Promise<void> {
  await insertFixtures(db);
  await insertRequests(db);
  await insertDelivery(db);
}

/**
 * Thousands more of every row the cards read (the large data set's change requests come on top): failing
 * slots of 2,000 microfrontends, their probes, and rollouts, so each card's statements meet volume.
 */
export async function insertManyDeliveryRows(db: Database, count: number): Promise<void> {
  await db.execute(sql`
    insert into microfrontends (id, slug, name)
      select 'large-mf-' || i, 'large-mf-' || i, 'Large ' || i from generate_series(1, ${count}) as i`);
  await db.execute(sql`
    insert into microfrontend_versions (id, microfrontend_id, version)
      select 'large-mfv-' || i, 'large-mf-' || i, '1.0.0' from generate_series(1, ${count}) as i`);
  await db.execute(sql`
    insert into microfrontend_deployments (microfrontend_id, version_id, environment, slot, health_status, health_failures)
      select 'large-mf-' || i, 'large-mfv-' || i, 'uat', 'blue', 'unhealthy', 3 from generate_series(1, ${count}) as i`);
  await db.execute(sql`
    insert into deployment_health_results (resource_type, deployment_id, checked_at, ok, duration_ms)
      select 'microfrontend', d.id, now() - make_interval(secs => n), n % 3 = 0, n
      from microfrontend_deployments d cross join generate_series(1, 5) as n
      where d.microfrontend_id like 'large-mf-%'`);
  await db.execute(sql`
    insert into rollouts (resource_type, resource_id, environment, from_slot, to_slot, steps, state,
      analysis_window_seconds, watch_window_seconds, started_by)
      select 'microfrontend', 'large-mf-' || i, 'uat', 'blue', 'green', '[10,100]'::jsonb, 'running', 60, 60, 'x'
      from generate_series(1, ${count}) as i`);
}
