import { and, eq } from 'drizzle-orm';
import type { Environment, Slot } from '../../contract/common';
import type { SlotOwnerKind } from '../../contract/rollouts';
import type { Database } from '../db/client';
import { capabilityDeployments, microfrontendDeployments } from '../db/schema';

/**
 * Sets one slot's status and weight directly, as a progressive rollout leaves them: for the tests of
 * what reads the split (Kong's file, the mesh manifest), which do not run a rollout.
 */
export async function setSlotTraffic(
  db: Database,
  kind: SlotOwnerKind,
  resourceId: string,
  environment: Environment,
  slot: Slot,
  values: { status: 'active' | 'inactive'; trafficPercentage: number },
): Promise<void> {
  // The two tables share these columns; drizzle cannot type an update over a union of tables.
  const table = (
    kind === 'capability' ? capabilityDeployments : microfrontendDeployments
  ) as typeof microfrontendDeployments;
  const owner =
    kind === 'capability' ? capabilityDeployments.capabilityId : microfrontendDeployments.microfrontendId;
  await db
    .update(table)
    .set(values)
    .where(and(eq(owner, resourceId), eq(table.environment, environment), eq(table.slot, slot)));
}
