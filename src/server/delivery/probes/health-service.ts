import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Environment } from '../../../contract/common';
import type { HealthCheckSettingsBody } from '../../../contract/deployments';
import { HEALTH_HISTORY_LIMIT, type HealthResult, type SlotOwnerKind } from '../../../contract/rollouts';
import { recordAudit } from '../../audit/service';
import type { Actor } from '../../auth/viewer';
import type { Database, Executor } from '../../db/client';
import { deploymentHealthResults } from '../../db/schema';
import { assertOwnerExists, lockedSlots, slotKindOf, slotTable } from '../deployments/slots';
import { notFound } from '../../errors';
import { assertNoActiveRollout } from '../rollouts/model';

/** The slots of a resource in one environment, by id (either table's, as a probe result names them). */
async function slotIds(
  db: Executor,
  resourceType: SlotOwnerKind,
  resourceId: string,
  environment: Environment,
) {
  const kind = slotKindOf(resourceType);
  await assertOwnerExists(db, kind, resourceId);
  const table = slotTable(kind);
  const rows = await db
    .select({ id: table.id, slot: table.slot })
    .from(table)
    .where(and(eq(kind.resource, resourceId), eq(table.environment, environment)));
  return new Map(rows.map((row) => [row.id, row.slot]));
}

/** The recent probes of a resource's slots in one environment, newest first (the page's strips). */
export async function recentHealth(
  db: Executor,
  resourceType: SlotOwnerKind,
  resourceId: string,
  environment: Environment,
): Promise<HealthResult[]> {
  const slots = await slotIds(db, resourceType, resourceId, environment);
  if (slots.size === 0) return [];
  const rows = await db
    .select()
    .from(deploymentHealthResults)
    .where(inArray(deploymentHealthResults.deploymentId, [...slots.keys()]))
    .orderBy(desc(deploymentHealthResults.checkedAt), desc(deploymentHealthResults.id))
    // The prober keeps at most the limit per slot; a resource has two.
    .limit(HEALTH_HISTORY_LIMIT * 2);
  return rows.flatMap((row) => {
    const slot = slots.get(row.deploymentId);
    if (!slot) return [];
    const { checkedAt, ok, statusCode, reason, durationMs } = row;
    return [{ slot, checkedAt, ok, statusCode, reason, durationMs }];
  });
}

/**
 * Sets or clears one slot's health check. A new URL starts over: health unknown, counters at zero, its
 * history dropped, and a probe at once. It moves no traffic, so it needs no approval; refused (409) while
 * a rollout is in progress on the resource in that environment.
 */
export async function setHealthCheck(
  db: Database,
  body: HealthCheckSettingsBody,
  actor: Actor,
): Promise<void> {
  const kind = slotKindOf(body.resourceType);
  await db.transaction(async (tx) => {
    const slots = await lockedSlots(tx, kind, body.resourceId, body.environment);
    const slot = slots.find((s) => s.slot === body.slot);
    if (!slot) throw notFound('Deployment slot');
    // A rollout's gate reads the new slot's check: changing it mid-rollout would change what it judges.
    await assertNoActiveRollout(tx, body.resourceType, body.resourceId, body.environment);
    const table = slotTable(kind);
    const interval = body.healthCheckIntervalSeconds ?? null;
    const changedUrl = slot.healthCheckUrl !== body.healthCheckUrl;
    await tx
      .update(table)
      .set({
        healthCheckUrl: body.healthCheckUrl,
        healthCheckIntervalSeconds: interval,
        nextHealthCheckAt: new Date().toISOString(),
        ...(changedUrl
          ? {
              healthStatus: 'unknown',
              healthReason: null,
              healthFailures: 0,
              healthSuccesses: 0,
              lastHealthCheck: null,
            }
          : {}),
      })
      .where(eq(table.id, slot.id));
    if (changedUrl) {
      await tx.delete(deploymentHealthResults).where(eq(deploymentHealthResults.deploymentId, slot.id));
    }
    await recordAudit(tx, actor, {
      action: 'deployment.health_check',
      resourceType: 'deployment',
      resourceId: body.resourceId,
      changes: {
        kind: body.resourceType,
        environment: body.environment,
        slot: body.slot,
        before: {
          healthCheckUrl: slot.healthCheckUrl,
          healthCheckIntervalSeconds: slot.healthCheckIntervalSeconds,
        },
        after: { healthCheckUrl: body.healthCheckUrl, healthCheckIntervalSeconds: interval },
      },
    });
  });
}
