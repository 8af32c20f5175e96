import { and, eq, inArray } from 'drizzle-orm';
import { activeRolloutStates } from '../../contract/rollouts';
import type { Transaction } from '../db/client';
import { rollouts } from '../db/schema';
import type { ItemRow } from './release-items';

/**
 * The rollout a set's last change started, when it is a progressive switch: its end on the stable slot
 * reverts the whole set (release-revert.ts). Read in the apply's transaction, right after the switch.
 */
export async function startedRollout(tx: Transaction, items: ItemRow[]): Promise<string | null> {
  const last = items.at(-1);
  if (!last) return null;
  const { change } = last;
  if (change.kind !== 'microfrontend_deployment.switch' && change.kind !== 'capability_deployment.switch') {
    return null;
  }
  if (!change.body.progressive) return null;
  const resource =
    'microfrontendId' in change.body
      ? { type: 'microfrontend' as const, id: change.body.microfrontendId }
      : { type: 'capability' as const, id: change.body.capabilityId };
  const [rollout] = await tx
    .select({ id: rollouts.id })
    .from(rollouts)
    .where(
      and(
        eq(rollouts.resourceType, resource.type),
        eq(rollouts.resourceId, resource.id),
        eq(rollouts.environment, change.body.environment),
        inArray(rollouts.state, [...activeRolloutStates]),
      ),
    );
  return rollout?.id ?? null;
}
