import { and, asc, eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Environment } from '../../../contract/common';
import {
  LIVE_TRAFFIC_PERCENTAGE,
  type CapabilityDeployment,
  type MicrofrontendDeployment,
} from '../../../contract/deployments';
import type { Executor, Transaction } from '../../db/client';
import {
  capabilities,
  capabilityDeployments,
  microfrontendDeployments,
  microfrontends,
} from '../../db/schema';
import { notFound } from '../../errors';

/*
 * The slot rows of either kind, as the deployment service and the rollouts move traffic on them: the
 * primitives both share, below both so that neither imports the other's rules.
 */

/** The two kinds of blue-green slots: they share every column but the resource they belong to. */
export interface SlotKind<Row> {
  /** Phantom: the row type this kind's queries answer. */
  readonly row?: Row;
  table: typeof microfrontendDeployments | typeof capabilityDeployments;
  /** The resource row, locked while its slots change (stable: a switch never deletes it). */
  owner: typeof microfrontends | typeof capabilities;
  /** The owner table's id column. */
  ownerId: PgColumn;
  resourceColumn: 'microfrontendId' | 'capabilityId';
  /** The slot table's column naming the resource (`resourceColumn`'s column). */
  resource: PgColumn;
  resourceType: 'microfrontend' | 'capability';
  label: string;
}

export const microfrontendSlots: SlotKind<MicrofrontendDeployment> = {
  table: microfrontendDeployments,
  owner: microfrontends,
  ownerId: microfrontends.id,
  resourceColumn: 'microfrontendId',
  resource: microfrontendDeployments.microfrontendId,
  resourceType: 'microfrontend',
  label: 'Microfrontend',
};
export const capabilitySlots: SlotKind<CapabilityDeployment> = {
  table: capabilityDeployments,
  owner: capabilities,
  ownerId: capabilities.id,
  resourceColumn: 'capabilityId',
  resource: capabilityDeployments.capabilityId,
  resourceType: 'capability',
  label: 'Capability',
};

/** The slot kind of a resource type, as a rollout names it. */
export const slotKindOf = (resourceType: SlotKind<unknown>['resourceType']): SlotKind<unknown> =>
  resourceType === 'microfrontend' ? microfrontendSlots : capabilitySlots;

export type SlotRow = typeof microfrontendDeployments.$inferSelect;
export type SlotTraffic = Pick<SlotRow, 'slot' | 'status' | 'trafficPercentage'>;
export const isLive = (row: SlotTraffic) =>
  row.status === 'active' && row.trafficPercentage === LIVE_TRAFFIC_PERCENTAGE;

/** The kind's table typed as one of the two: they share these columns (drizzle cannot query a union). */
export const slotTable = (kind: SlotKind<unknown>) => kind.table as typeof microfrontendDeployments;
const resourceOf = (kind: SlotKind<unknown>) => kind.resource;

/** 404 unless the resource exists: a read of its slots' data names a resource that is there. */
export async function assertOwnerExists(db: Executor, kind: SlotKind<unknown>, resourceId: string) {
  const [found] = await db.select({ id: kind.ownerId }).from(kind.owner).where(eq(kind.ownerId, resourceId));
  if (!found) throw notFound(kind.label);
}

/** Locks the resource row (404 when it is gone): every write of its slots holds it first. */
export async function lockOwner<R>(tx: Transaction, kind: SlotKind<R>, resourceId: string): Promise<void> {
  const [found] = await tx
    .select({ id: kind.ownerId })
    .from(kind.owner)
    .where(eq(kind.ownerId, resourceId))
    .for('update');
  if (!found) throw notFound(kind.label);
}

/** Locks the resource row and reads its slots in one environment. */
export async function lockedSlots<R>(
  tx: Transaction,
  kind: SlotKind<R>,
  resourceId: string,
  environment: Environment,
): Promise<SlotRow[]> {
  await lockOwner(tx, kind, resourceId);
  const table = slotTable(kind);
  return tx
    .select()
    .from(table)
    .where(and(eq(resourceOf(kind), resourceId), eq(table.environment, environment)));
}

/** The slots as the kind's own row type (the queries run on the shared columns; see lockedSlots). */
export async function slotsAfter<R>(
  tx: Transaction,
  kind: SlotKind<R>,
  resourceId: string,
  environment: Environment,
): Promise<R[]> {
  const table = slotTable(kind);
  const rows = await tx
    .select()
    .from(kind.table)
    .where(and(eq(resourceOf(kind), resourceId), eq(table.environment, environment)))
    .orderBy(asc(table.slot));
  return rows as R[];
}
