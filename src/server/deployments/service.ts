import { and, asc, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Environment } from '../../contract/common';
import {
  LIVE_TRAFFIC_PERCENTAGE,
  type CapabilityDeployment,
  type MicrofrontendDeployment,
} from '../../contract/deployments';
import type { Slot } from '../../contract/common';
import { recordAudit } from '../audit/service';
import type { Actor } from '../auth/viewer';
import { getCapability } from '../capabilities/service';
import type { Database, Executor, Transaction } from '../db/client';
import {
  capabilities,
  capabilityDeployments,
  microfrontendDeployments,
  microfrontends,
  microfrontendVersions,
} from '../db/schema';
import { conflict, notFound } from '../errors';
import { getMicrofrontend } from '../microfrontends/service';

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

/** The two kinds of blue-green slots: they share every column but the resource they belong to. */
export interface SlotKind<Row> {
  /** Phantom: the row type this kind's queries answer. */
  readonly row?: Row;
  table: typeof microfrontendDeployments | typeof capabilityDeployments;
  /** The resource row, locked while its slots change (stable: a switch never deletes it). */
  owner: typeof microfrontends | typeof capabilities;
  resourceColumn: 'microfrontendId' | 'capabilityId';
  resourceType: 'microfrontend' | 'capability';
  label: string;
}

export const microfrontendSlots: SlotKind<MicrofrontendDeployment> = {
  table: microfrontendDeployments,
  owner: microfrontends,
  resourceColumn: 'microfrontendId',
  resourceType: 'microfrontend',
  label: 'Microfrontend',
};
export const capabilitySlots: SlotKind<CapabilityDeployment> = {
  table: capabilityDeployments,
  owner: capabilities,
  resourceColumn: 'capabilityId',
  resourceType: 'capability',
  label: 'Capability',
};

type SlotRow = typeof microfrontendDeployments.$inferSelect;
type SlotTraffic = Pick<SlotRow, 'slot' | 'status' | 'trafficPercentage'>;
const isLive = (row: SlotTraffic) =>
  row.status === 'active' && row.trafficPercentage === LIVE_TRAFFIC_PERCENTAGE;

/** Where a deployment lands: the slot beside the live one, or blue, going live, when none is live. */
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

/** Locks the resource row and reads its slots in one environment. */
async function lockedSlots<R>(
  tx: Transaction,
  kind: SlotKind<R>,
  resourceId: string,
  environment: Environment,
): Promise<SlotRow[]> {
  const owner = kind.owner as typeof microfrontends;
  const [found] = await tx.select({ id: owner.id }).from(owner).where(eq(owner.id, resourceId)).for('update');
  if (!found) throw notFound(kind.label);
  // The two deployment tables share these columns; drizzle cannot type a query over a union of tables.
  const table = kind.table as typeof microfrontendDeployments;
  const resource = table[kind.resourceColumn as 'microfrontendId'] as PgColumn;
  return tx
    .select()
    .from(table)
    .where(and(eq(resource, resourceId), eq(table.environment, environment)));
}

/**
 * Moves all traffic from the live slot to the inactive one, in one transaction under the resource's
 * lock. Anything but exactly one live and one inactive slot, or a stale from/to, is a 409.
 */
export async function switchSlots<R>(
  db: Database,
  kind: SlotKind<R>,
  resourceId: string,
  environment: Environment,
  expected: { fromSlot?: Slot; toSlot?: Slot },
  actor: Actor,
): Promise<R[]> {
  return db.transaction(async (tx) => {
    const slots = await lockedSlots(tx, kind, resourceId, environment);
    const live = slots.filter(isLive);
    const idle = slots.filter((row) => row.status === 'inactive');
    const from = live[0];
    const to = idle[0];
    if (slots.length !== 2 || live.length !== 1 || idle.length !== 1 || !from || !to) {
      throw conflict('Both blue and green slots must be deployed: one live and one inactive.');
    }
    if (
      (expected.fromSlot && expected.fromSlot !== from.slot) ||
      (expected.toSlot && expected.toSlot !== to.slot)
    ) {
      throw conflict(`The live slot is ${from.slot} now: reload and try again.`);
    }
    const table = kind.table as typeof microfrontendDeployments;
    const now = new Date().toISOString();
    await tx.update(table).set({ status: 'inactive', trafficPercentage: 0 }).where(eq(table.id, from.id));
    await tx
      .update(table)
      .set({
        status: 'active',
        trafficPercentage: LIVE_TRAFFIC_PERCENTAGE,
        activatedAt: now,
        activatedBy: actor.email,
      })
      .where(eq(table.id, to.id));
    await recordAudit(tx, actor, {
      action: 'deployment.switch',
      resourceType: 'deployment',
      resourceId,
      changes: { kind: kind.resourceType, environment, fromSlot: from.slot, toSlot: to.slot },
    });
    return slotsAfter(tx, kind, resourceId, environment);
  });
}

/** The slots as the kind's own row type (the queries run on the shared columns; see lockedSlots). */
async function slotsAfter<R>(
  tx: Transaction,
  kind: SlotKind<R>,
  resourceId: string,
  environment: Environment,
): Promise<R[]> {
  const table = kind.table as typeof microfrontendDeployments;
  const resource = table[kind.resourceColumn as 'microfrontendId'] as PgColumn;
  const rows = await tx
    .select()
    .from(kind.table)
    .where(and(eq(resource, resourceId), eq(table.environment, environment)))
    .orderBy(asc(table.slot));
  return rows as R[];
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
  values:
    | { versionId: string; deployedUrl: string | null }
    | { version: string; endpoint: string | null; deployedUrl: string | null },
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
    const table = kind.table as typeof microfrontendDeployments;
    const row = {
      ...values,
      [kind.resourceColumn]: resourceId,
      environment,
      slot: target,
      ...state,
      healthStatus: 'unknown',
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
