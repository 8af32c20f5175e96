import { and, eq, inArray } from 'drizzle-orm';
import type { Environment } from '../../../contract/common';
import { activeRolloutStates, type Rollout, type SlotOwnerKind } from '../../../contract/rollouts';
import type { Executor } from '../../db/client';
import { rollouts } from '../../db/schema';
import { conflict } from '../../errors';

export type RolloutRow = typeof rollouts.$inferSelect;

/** A rollout still holding traffic split or watched. */
export const isActive = inArray(rollouts.state, [...activeRolloutStates]);

/** The rollouts of one resource in one environment. */
export const ofResource = (resourceType: SlotOwnerKind, resourceId: string, environment: Environment) =>
  and(
    eq(rollouts.resourceType, resourceType),
    eq(rollouts.resourceId, resourceId),
    eq(rollouts.environment, environment),
  );

/** The row as the API shows it (the paused remainder is the runner's bookkeeping). */
export function toRollout(row: RolloutRow): Rollout {
  const { remainingMs, ...rollout } = row;
  void remainingMs;
  return rollout;
}

/** The active rollout of a resource in an environment, if any (at most one: a partial unique index). */
export async function activeRollout(
  db: Executor,
  resourceType: SlotOwnerKind,
  resourceId: string,
  environment: Environment,
): Promise<RolloutRow | undefined> {
  const [row] = await db
    .select()
    .from(rollouts)
    .where(and(ofResource(resourceType, resourceId, environment), isActive));
  return row;
}

/**
 * Refuses a switch or a deployment while a rollout splits the slots: both slots serve, neither is live,
 * and only the rollout's own actions may move traffic until it ends. Call it holding the resource's lock.
 */
export async function assertNoActiveRollout(
  db: Executor,
  resourceType: SlotOwnerKind,
  resourceId: string,
  environment: Environment,
): Promise<void> {
  const row = await activeRollout(db, resourceType, resourceId, environment);
  if (row) {
    throw conflict(
      `A rollout is in progress on this ${resourceType} in ${environment} (${row.state}, ${row.trafficPercentage}% on ${row.toSlot}): promote or abort it first.`,
    );
  }
}
