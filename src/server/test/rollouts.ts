import { asc, like } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Rollout } from '../../contract/rollouts';
import type { Database } from '../db/client';
import { auditEvents } from '../db/schema';
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
    await setSlotHealth(ctx().db, { resourceType: 'capability', resourceId: id, environment, slot }, 'healthy');
  }
  return id;
}
