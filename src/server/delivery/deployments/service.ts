import { and, asc, eq } from 'drizzle-orm';
import type { Environment } from '../../../contract/common';
import {
  LIVE_TRAFFIC_PERCENTAGE,
  type CapabilityDeployment,
  type MicrofrontendDeployment,
} from '../../../contract/deployments';
import type { Slot } from '../../../contract/common';
import type { ProgressiveOptions } from '../../../contract/rollouts';
import { recordAudit } from '../../audit/service';
import type { Actor } from '../../auth/viewer';
import { getCapability } from '../../capabilities/service';
import type { Database, Executor } from '../../db/client';
import { capabilityDeployments, microfrontendDeployments, microfrontendVersions } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { getMicrofrontend } from '../../microfrontends/service';
import { assertSwitchGate, type ForceFields } from '../rollouts/gate';
import { assertNoActiveRollout } from '../rollouts/model';
import { startRollout } from '../rollouts/start';
import { isLive, lockedSlots, slotsAfter, slotTable, type SlotKind, type SlotTraffic } from './slots';

/** The blue and green slots of one microfrontend in one environment (blue first). */
export async function listMicrofrontendDeployments(
  db: Executor,
  microfrontendId: string,
  environment: Environment,
): Promise<MicrofrontendDeployment[]> {
  await getMicrofrontend(db, microfrontendId);
  return db
    .select()
    .from(microfrontendDeployments)
    .where(
      and(
        eq(microfrontendDeployments.microfrontendId, microfrontendId),
        eq(microfrontendDeployments.environment, environment),
      ),
    )
    .orderBy(asc(microfrontendDeployments.slot));
}

/** The blue and green slots of one capability in one environment (blue first). */
export async function listCapabilityDeployments(
  db: Executor,
  capabilityId: string,
  environment: Environment,
): Promise<CapabilityDeployment[]> {
  await getCapability(db, capabilityId);
  return db
    .select()
    .from(capabilityDeployments)
    .where(
      and(
        eq(capabilityDeployments.capabilityId, capabilityId),
        eq(capabilityDeployments.environment, environment),
      ),
    )
    .orderBy(asc(capabilityDeployments.slot));
}

export { capabilitySlots, microfrontendSlots, type SlotKind } from './slots';

/** Where a deployment lands, and whether it goes live (nothing was live in the environment). */
export interface DeploymentLanding {
  slot: Slot;
  goesLive: boolean;
}

export function deploymentTarget(rows: readonly SlotTraffic[]): DeploymentLanding {
  const live = rows.find(isLive);
  if (!live) return { slot: 'blue', goesLive: true };
  return { slot: live.slot === 'blue' ? 'green' : 'blue', goesLive: false };
}

/** What a switch may ask besides the slots it expects: a progressive rollout, or forcing the health gate. */
export interface SwitchRequest extends ForceFields {
  fromSlot?: Slot;
  toSlot?: Slot;
  progressive?: ProgressiveOptions;
}

/**
 * Moves all traffic from the live slot to the inactive one, in one transaction under the resource's
 * lock; or, asked for a progressive switch, starts a rollout that moves it in steps (src/server/delivery/rollouts).
 * Anything but exactly one live and one inactive slot, a stale from/to, a rollout in progress or a
 * target the health gate refuses (unless forced) is refused; the audit event records the target's health
 * ("not checked" for a slot without a health check).
 */
export async function switchSlots<R>(
  db: Database,
  kind: SlotKind<R>,
  resourceId: string,
  environment: Environment,
  request: SwitchRequest,
  actor: Actor,
): Promise<R[]> {
  return db.transaction(async (tx) => {
    const slots = await lockedSlots(tx, kind, resourceId, environment);
    await assertNoActiveRollout(tx, kind.resourceType, resourceId, environment);
    const live = slots.filter(isLive);
    const idle = slots.filter((row) => row.status === 'inactive');
    const from = live[0];
    const to = idle[0];
    if (slots.length !== 2 || live.length !== 1 || idle.length !== 1 || !from || !to) {
      throw conflict('Both blue and green slots must be deployed: one live and one inactive.');
    }
    if (
      (request.fromSlot && request.fromSlot !== from.slot) ||
      (request.toSlot && request.toSlot !== to.slot)
    ) {
      throw conflict(`The live slot is ${from.slot} now: reload and try again.`);
    }
    const { forced, health } = await assertSwitchGate(tx, to, request, actor);
    const now = new Date();
    if (request.progressive) {
      const gate = { forced, forceReason: request.forceReason, health };
      const slotsOf = { resourceId, environment, fromSlot: from.slot, toSlot: to.slot };
      await startRollout(tx, kind, slotsOf, request.progressive, gate, actor, now);
      return slotsAfter(tx, kind, resourceId, environment);
    }
    const table = slotTable(kind);
    await tx.update(table).set({ status: 'inactive', trafficPercentage: 0 }).where(eq(table.id, from.id));
    await tx
      .update(table)
      .set({
        status: 'active',
        trafficPercentage: LIVE_TRAFFIC_PERCENTAGE,
        activatedAt: now.toISOString(),
        activatedBy: actor.email,
      })
      .where(eq(table.id, to.id));
    await recordAudit(tx, actor, {
      action: 'deployment.switch',
      resourceType: 'deployment',
      resourceId,
      changes: {
        kind: kind.resourceType,
        environment,
        fromSlot: from.slot,
        toSlot: to.slot,
        health,
        ...(forced && { forced: true, forceReason: request.forceReason?.trim() }),
      },
    });
    return slotsAfter(tx, kind, resourceId, environment);
  });
}

/** A deployment's health check; left out, the slot keeps the one it had. */
export interface HealthCheckFields {
  healthCheckUrl?: string | null;
  healthCheckIntervalSeconds?: number | null;
}

/**
 * Deploys into the idle slot: the slot that is not live becomes an inactive deployment with health
 * unknown, ready to be switched to. An environment with no live slot yet takes its first deployment live.
 * `onTarget` runs on the locked slots with where it lands, and may refuse it (the approval policy judges
 * a deployment that goes live).
 */
export async function deployToIdleSlot<R>(
  db: Database,
  kind: SlotKind<R>,
  resourceId: string,
  environment: Environment,
  values: (
    | { versionId: string; deployedUrl: string | null }
    | { version: string; endpoint: string | null; deployedUrl: string | null }
  ) &
    HealthCheckFields,
  actor: Actor,
  onTarget?: (landing: DeploymentLanding) => void,
): Promise<R[]> {
  return db.transaction(async (tx) => {
    const slots = await lockedSlots(tx, kind, resourceId, environment);
    const { slot: target, goesLive } = deploymentTarget(slots);
    onTarget?.({ slot: target, goesLive });
    const now = new Date().toISOString();
    const state = goesLive
      ? {
          status: 'active',
          trafficPercentage: LIVE_TRAFFIC_PERCENTAGE,
          activatedAt: now,
          activatedBy: actor.email,
        }
      : { status: 'inactive', trafficPercentage: 0, activatedAt: null, activatedBy: null };
    const table = slotTable(kind);
    // Typed as an insert by a cast: its resource column is computed ([kind.resourceColumn]).
    const row = {
      ...values,
      [kind.resourceColumn]: resourceId,
      environment,
      slot: target,
      ...state,
      // A new version's health is its own: unknown until probed, and probed at once.
      healthStatus: 'unknown',
      healthReason: null,
      healthFailures: 0,
      healthSuccesses: 0,
      nextHealthCheckAt: now,
      lastHealthCheck: null,
      deployedAt: now,
      deployedBy: actor.email,
    } as typeof microfrontendDeployments.$inferInsert;
    const existing = slots.find((s) => s.slot === target);
    if (existing) await tx.update(table).set(row).where(eq(table.id, existing.id));
    else await tx.insert(table).values(row);
    await recordAudit(tx, actor, {
      action: 'deployment.deploy',
      resourceType: 'deployment',
      resourceId,
      changes: { kind: kind.resourceType, environment, slot: target, live: goesLive, ...values },
    });
    return slotsAfter(tx, kind, resourceId, environment);
  });
}

/** A version may be deployed only when it belongs to the microfrontend and is published. */
export async function publishedVersionOf(db: Executor, microfrontendId: string, versionId: string) {
  const [version] = await db
    .select()
    .from(microfrontendVersions)
    .where(eq(microfrontendVersions.id, versionId));
  if (!version || version.microfrontendId !== microfrontendId) throw notFound('Microfrontend version');
  if (version.status !== 'published')
    throw conflict(
      `Version ${version.version} is ${version.status}: only published versions can be deployed`,
    );
  return version;
}
