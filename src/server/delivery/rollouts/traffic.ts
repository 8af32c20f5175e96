import { and, eq } from 'drizzle-orm';
import type { Slot } from '../../../contract/common';
import { LIVE_TRAFFIC_PERCENTAGE } from '../../../contract/deployments';
import type { RolloutEvent } from '../../../contract/rollouts';
import { recordAudit } from '../../audit/service';
import type { Actor } from '../../auth/viewer';
import type { Transaction } from '../../db/client';
import { rollouts } from '../../db/schema';
import { slotKindOf, slotTable } from '../deployments/slots';
import { nextRevision } from '../../revisions';
import type { RolloutRow } from './model';

/** One slot of the rollout's resource and environment. */
function slotWhere(row: RolloutRow, slot: Slot) {
  const kind = slotKindOf(row.resourceType);
  const table = slotTable(kind);
  return and(eq(kind.resource, row.resourceId), eq(table.environment, row.environment), eq(table.slot, slot));
}

/** The target slot's health as the prober last wrote it, with its check and when it last ran. */
export async function targetHealth(tx: Transaction, row: RolloutRow) {
  const table = slotTable(slotKindOf(row.resourceType));
  const [slot] = await tx
    .select({
      slot: table.slot,
      healthStatus: table.healthStatus,
      healthReason: table.healthReason,
      healthCheckUrl: table.healthCheckUrl,
      healthCheckIntervalSeconds: table.healthCheckIntervalSeconds,
      lastHealthCheck: table.lastHealthCheck,
    })
    .from(table)
    .where(slotWhere(row, row.toSlot));
  return slot;
}

/**
 * Splits traffic: `percentage` to the new slot, the rest to the stable one, both active (they always add
 * up to 100). At 100 the new slot is live and the stable one stands by, as after a plain switch.
 */
export async function splitTraffic(
  tx: Transaction,
  row: RolloutRow,
  percentage: number,
  actor: Actor,
  now: Date,
): Promise<void> {
  const table = slotTable(slotKindOf(row.resourceType));
  const full = percentage === LIVE_TRAFFIC_PERCENTAGE;
  await tx
    .update(table)
    .set({
      status: full ? 'inactive' : 'active',
      trafficPercentage: LIVE_TRAFFIC_PERCENTAGE - percentage,
    })
    .where(slotWhere(row, row.fromSlot));
  await tx
    .update(table)
    .set({
      status: 'active',
      trafficPercentage: percentage,
      ...(full && { activatedAt: now.toISOString(), activatedBy: actor.email }),
    })
    .where(slotWhere(row, row.toSlot));
}

/** All traffic back to the stable slot; the new one stands by again. */
export async function restoreStable(tx: Transaction, row: RolloutRow): Promise<void> {
  const table = slotTable(slotKindOf(row.resourceType));
  await tx
    .update(table)
    .set({ status: 'active', trafficPercentage: LIVE_TRAFFIC_PERCENTAGE })
    .where(slotWhere(row, row.fromSlot));
  await tx.update(table).set({ status: 'inactive', trafficPercentage: 0 }).where(slotWhere(row, row.toSlot));
}

/** The columns a transition may set on the rollout besides its history and revision. */
export type RolloutUpdate = Partial<
  Pick<
    RolloutRow,
    'state' | 'stepIndex' | 'trafficPercentage' | 'nextActionAt' | 'remainingMs' | 'reason' | 'endedAt'
  >
>;

/**
 * Writes a transition: the rollout's new columns, its event appended to the history, and the audit event
 * that carries it to the log and the console's live feed. Answers the row as written.
 */
export async function recordTransition(
  tx: Transaction,
  row: RolloutRow,
  update: RolloutUpdate,
  event: Pick<RolloutEvent, 'kind' | 'reason'>,
  actor: Actor,
  now: Date,
  auditExtra: Record<string, unknown> = {},
): Promise<RolloutRow> {
  const trafficPercentage = update.trafficPercentage ?? row.trafficPercentage;
  const full: RolloutEvent = { ...event, at: now.toISOString(), trafficPercentage, by: actor.email };
  const [written] = await tx
    .update(rollouts)
    .set({ ...update, events: [...row.events, full], revision: nextRevision(rollouts.revision) })
    .where(eq(rollouts.id, row.id))
    .returning();
  if (!written) throw new Error(`Rollout ${row.id} vanished while locked`);
  await auditTransition(tx, written, full, actor, auditExtra);
  return written;
}

/** One audit event per rollout event, on the deployment the console is showing. */
async function auditTransition(
  tx: Transaction,
  row: RolloutRow,
  event: RolloutEvent,
  actor: Actor,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await recordAudit(tx, actor, {
    action: `deployment.rollout_${event.kind}`,
    resourceType: 'deployment',
    resourceId: row.resourceId,
    changes: {
      kind: row.resourceType,
      environment: row.environment,
      rolloutId: row.id,
      trafficPercentage: event.trafficPercentage,
      ...(event.reason !== null && { reason: event.reason }),
      ...extra,
    },
  });
}
