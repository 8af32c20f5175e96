import { desc } from 'drizzle-orm';
import type { Environment } from '../../../contract/common';
import type { Rollout, SlotOwnerKind } from '../../../contract/rollouts';
import type { Executor } from '../../db/client';
import { rollouts } from '../../db/schema';
import { assertOwnerExists, slotKindOf } from '../deployments/slots';
import { ofResource, toRollout } from './model';

/** How many rollouts a resource's history shows. */
export const ROLLOUT_HISTORY_LIMIT = 10;

/**
 * A resource's rollouts in one environment, newest first: the first is the current one while it is
 * running, paused or watching. 404 when the resource does not exist.
 */
export async function listRollouts(
  db: Executor,
  resourceType: SlotOwnerKind,
  resourceId: string,
  environment: Environment,
): Promise<Rollout[]> {
  await assertOwnerExists(db, slotKindOf(resourceType), resourceId);
  const rows = await db
    .select()
    .from(rollouts)
    .where(ofResource(resourceType, resourceId, environment))
    .orderBy(desc(rollouts.startedAt), desc(rollouts.id))
    .limit(ROLLOUT_HISTORY_LIMIT);
  return rows.map(toRollout);
}
