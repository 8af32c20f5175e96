import { and, asc, count, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import {
  OVERVIEW_CARD_LIMIT,
  OVERVIEW_LATENCY_POINTS,
  OVERVIEW_PROBE_STRIP,
  type OverviewLatency,
  type OverviewProbe,
  type OverviewRollouts,
  type OverviewSlots,
} from '../../contract/overview-attention';
import type { SlotOwnerKind } from '../../contract/rollouts';
import type { Database } from '../db/client';
import {
  capabilities,
  capabilityDeployments,
  deploymentHealthResults,
  microfrontendDeployments,
  microfrontends,
  rollouts,
} from '../db/schema';
import { notFound } from '../errors';

/*
 * The Overview's delivery cards. Slots and rollouts are read by everyone signed in, as on Deployments
 * (microfrontends and capabilities belong to no tenant), so these take no viewer.
 */

const ACTIVE_ROLLOUT_STATES = ['running', 'paused', 'watching'] as const;

/** Rollouts in progress, oldest first, with their resource's name: two statements. */
export async function overviewRollouts(db: Database): Promise<OverviewRollouts> {
  const active = inArray(rollouts.state, [...ACTIVE_ROLLOUT_STATES]);
  const [total, items] = await Promise.all([
    db.select({ n: count() }).from(rollouts).where(active),
    db
      .select({
        id: rollouts.id,
        resourceType: rollouts.resourceType,
        resourceId: rollouts.resourceId,
        resourceName: sql<string>`coalesce(${microfrontends.name}, ${capabilities.name}, ${rollouts.resourceId})`,
        environment: rollouts.environment,
        fromSlot: rollouts.fromSlot,
        toSlot: rollouts.toSlot,
        steps: rollouts.steps,
        stepIndex: rollouts.stepIndex,
        trafficPercentage: rollouts.trafficPercentage,
        state: rollouts.state,
        nextActionAt: rollouts.nextActionAt,
        startedAt: rollouts.startedAt,
      })
      .from(rollouts)
      .leftJoin(
        microfrontends,
        and(eq(rollouts.resourceType, 'microfrontend'), eq(microfrontends.id, rollouts.resourceId)),
      )
      .leftJoin(
        capabilities,
        and(eq(rollouts.resourceType, 'capability'), eq(capabilities.id, rollouts.resourceId)),
      )
      .where(active)
      .orderBy(asc(rollouts.startedAt), asc(rollouts.id))
      .limit(OVERVIEW_CARD_LIMIT),
  ]);
  return { total: Number(total[0]?.n ?? 0), items };
}

type SlotTable = typeof microfrontendDeployments | typeof capabilityDeployments;

/** The partial index's predicate (migration 0021): unhealthy, or the last probes failing. */
const needsAttention = (t: SlotTable) => or(eq(t.healthStatus, 'unhealthy'), gt(t.healthFailures, 0));

const slotColumns = (t: SlotTable) => ({
  id: t.id,
  environment: t.environment,
  slot: t.slot,
  trafficPercentage: t.trafficPercentage,
  healthStatus: t.healthStatus,
  healthReason: t.healthReason,
  healthFailures: t.healthFailures,
  lastHealthCheck: t.lastHealthCheck,
  // A union orders by its columns only: production first, as a column.
  elsewhere: sql<number>`(${t.environment} <> 'production')::int`.as('elsewhere'),
});

/**
 * Slots needing attention across both owners, the ones serving production traffic first, with the newest
 * probes of each: three statements (the list, its count, one windowed read of the listed slots' probes).
 */
export async function overviewSlots(db: Database): Promise<OverviewSlots> {
  const md = microfrontendDeployments;
  const cd = capabilityDeployments;
  const listed = unionAll(
    db
      .select({
        ...slotColumns(md),
        resourceType: sql<SlotOwnerKind>`'microfrontend'`.as('resource_type'),
        resourceId: md.microfrontendId,
        resourceName: sql<string>`${microfrontends.name}`.as('resource_name'),
      })
      .from(md)
      .innerJoin(microfrontends, eq(microfrontends.id, md.microfrontendId))
      .where(needsAttention(md)),
    db
      .select({
        ...slotColumns(cd),
        resourceType: sql<SlotOwnerKind>`'capability'`.as('resource_type'),
        resourceId: cd.capabilityId,
        resourceName: sql<string>`${capabilities.name}`.as('resource_name'),
      })
      .from(cd)
      .innerJoin(capabilities, eq(capabilities.id, cd.capabilityId))
      .where(needsAttention(cd)),
  )
    .orderBy(
      asc(sql`elsewhere`),
      desc(sql`traffic_percentage`),
      sql`last_health_check desc nulls last`,
      asc(sql`id`),
    )
    .limit(OVERVIEW_CARD_LIMIT);
  const [[counts], slots] = await Promise.all([
    db
      .select({
        n: sql<number>`(select count(*)::int from ${md} where ${needsAttention(md)})
          + (select count(*)::int from ${cd} where ${needsAttention(cd)})`,
      })
      .from(sql`(values (1)) as one`),
    listed,
  ]);
  const probes = await recentProbes(
    db,
    slots.map((slot) => slot.id),
    OVERVIEW_PROBE_STRIP,
  );
  return {
    total: Number(counts?.n ?? 0),
    items: slots.map(({ elsewhere: _elsewhere, ...slot }) => ({
      ...slot,
      probes: probes.get(slot.id) ?? [],
    })),
  };
}

/** The newest `limit` probes of each slot, oldest first, in one statement. */
async function recentProbes(
  db: Database,
  slotIds: string[],
  limit: number,
): Promise<Map<string, OverviewProbe[]>> {
  const bySlot = new Map<string, OverviewProbe[]>();
  if (slotIds.length === 0) return bySlot;
  const h = deploymentHealthResults;
  const ranked = db
    .select({
      deploymentId: h.deploymentId,
      checkedAt: h.checkedAt,
      ok: h.ok,
      statusCode: h.statusCode,
      durationMs: h.durationMs,
      rank: sql<number>`row_number() over (partition by ${h.deploymentId} order by ${h.checkedAt} desc)`.as(
        'rank',
      ),
    })
    .from(h)
    .where(inArray(h.deploymentId, slotIds))
    .as('ranked');
  const rows = await db
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${limit}`)
    .orderBy(asc(ranked.checkedAt));
  for (const { deploymentId, rank: _rank, ...probe } of rows) {
    bySlot.set(deploymentId, [...(bySlot.get(deploymentId) ?? []), probe]);
  }
  return bySlot;
}

/** One slot's newest probes for its latency chart, oldest first; 404 when no slot has the id. */
export async function overviewLatency(db: Database, slotId: string): Promise<OverviewLatency> {
  const slotExists = (t: SlotTable) => sql`exists (select 1 from ${t} where ${t.id} = ${slotId})`;
  const [[found], probes] = await Promise.all([
    db
      .select({
        found: sql<boolean>`${slotExists(microfrontendDeployments)} or ${slotExists(capabilityDeployments)}`,
      })
      .from(sql`(values (1)) as one`),
    recentProbes(db, [slotId], OVERVIEW_LATENCY_POINTS),
  ]);
  if (!found?.found) throw notFound('No deployment slot has this id');
  return { slotId, probes: probes.get(slotId) ?? [] };
}
