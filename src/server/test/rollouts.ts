import { asc, like } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Rollout } from '../../contract/rollouts';
import type { Database } from '../db/client';
import { auditEvents, capabilityDeployments, rollouts } from '../db/schema';
import type { ApiContext } from './api-harness';
import { setSlotHealth } from './slot-health';

export interface SlotView {
  slot: string;
  status: string;
  trafficPercentage: number;
}

/** The slots and rollouts of one resource in one environment, read through the API as the console does. */
export function rolloutReader(
  ctx: () => ApiContext,
  resourceType: 'microfrontend' | 'capability',
  id: string,
  environment: string,
) {
  const slotsUrl =
    resourceType === 'microfrontend'
      ? `/api/deployments/microfrontend/${id}/environment/${environment}`
      : `/api/capability-deployments/capability/${id}/environment/${environment}`;
  return {
    /** Traffic by slot; the two always add up to 100. */
    async traffic(): Promise<Record<string, [status: string, traffic: number]>> {
      const slots = (await ctx().get(slotsUrl)).json() as SlotView[];
      expect(slots.reduce((sum, s) => sum + s.trafficPercentage, 0)).toBe(100);
      return Object.fromEntries(slots.map((s) => [s.slot, [s.status, s.trafficPercentage]]));
    },
    async rollouts(): Promise<Rollout[]> {
      const res = await ctx().get(`/api/rollouts/${resourceType}/${id}/environment/${environment}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Rollout[];
    },
    async current(): Promise<Rollout> {
      const [rollout] = await this.rollouts();
      if (!rollout) throw new Error('no rollout');
      return rollout;
    },
  };
}

/** The rollout audit events of one rollout, oldest first: action, actor and the traffic they recorded. */
export async function rolloutAudit(db: Database, rolloutId: string) {
  const rows = await db
    .select()
    .from(auditEvents)
    .where(like(auditEvents.action, 'deployment.rollout_%'))
    .orderBy(asc(auditEvents.seq));
  return rows
    .map((row) => ({ ...row, changes: JSON.parse(row.changes ?? '{}') as Record<string, unknown> }))
    .filter((row) => row.changes.rolloutId === rolloutId)
    .map((row) => ({
      action: row.action,
      by: row.actorEmail,
      resourceType: row.resourceType,
      trafficPercentage: row.changes.trafficPercentage,
    }));
}

/**
 * A new capability with a live blue slot and an idle green one in `environment`, both healthy: a clean
 * resource for one rollout test. Answers its id.
 */
export async function capabilityWithTwoSlots(
  ctx: () => ApiContext,
  name: string,
  environment: 'development' | 'uat' | 'production' = 'development',
): Promise<string> {
  const created = await ctx().inject({ method: 'POST', url: '/api/capabilities', payload: { name } });
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json() as { id: string }).id;
  for (const version of ['1.0.0', '2.0.0']) {
    const deployed = await ctx().inject({
      method: 'POST',
      url: '/api/capability-deployments/deploy',
      payload: { capabilityId: id, environment, version, endpoint: `https://${version}.example.com/` },
    });
    expect(deployed.statusCode, deployed.body).toBe(200);
  }
  for (const slot of ['blue', 'green'] as const) {
    await setSlotHealth(
      ctx().db,
      { resourceType: 'capability', resourceId: id, environment, slot },
      'healthy',
    );
  }
  return id;
}

export const FIXTURE_ROLLOUT_ID = 'rollout-fixture';

/**
 * A rollout in progress, written as a finished start leaves it: capability api-002 in uat, 10% on green
 * (healthy) and 90% on blue, its next step a day away. For suites that act on one without starting it.
 */
export async function insertRolloutFixture(db: Database): Promise<void> {
  const slot = { capabilityId: 'api-002', environment: 'uat' as const, status: 'active' as const };
  await db.insert(capabilityDeployments).values([
    { ...slot, slot: 'blue', version: '1.0.0', trafficPercentage: 90, healthStatus: 'healthy' },
    { ...slot, slot: 'green', version: '1.1.0', trafficPercentage: 10, healthStatus: 'healthy' },
  ]);
  const startedAt = new Date().toISOString();
  const event = { at: startedAt, by: 'test-admin@example.com', reason: null };
  await db.insert(rollouts).values({
    id: FIXTURE_ROLLOUT_ID,
    resourceType: 'capability',
    resourceId: 'api-002',
    environment: 'uat',
    fromSlot: 'blue',
    toSlot: 'green',
    steps: [10, 50, 100],
    trafficPercentage: 10,
    analysisWindowSeconds: 86_400,
    watchWindowSeconds: 300,
    state: 'running',
    nextActionAt: new Date(Date.parse(startedAt) + 86_400_000).toISOString(),
    startedBy: 'test-admin@example.com',
    startedAt,
    events: [
      { ...event, kind: 'started', trafficPercentage: 0 },
      { ...event, kind: 'step', trafficPercentage: 10 },
    ],
  });
}
