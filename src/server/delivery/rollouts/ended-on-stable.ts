import type { Transaction } from '../../db/client';
import type { RolloutRow } from './model';

/**
 * Who must hear that a rollout ended on its stable slot (rolled back by health, or aborted), in the
 * transaction that ends it: a release whose last step it was reverts its other changes with it
 * (src/server/changes/release-revert.ts registers). A table, so delivery does not import changes.
 */
type Listener = (tx: Transaction, rollout: RolloutRow, reason: string) => Promise<void>;

const listeners = new Set<Listener>();

export function onRolloutEndedOnStable(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function rolloutEndedOnStable(tx: Transaction, rollout: RolloutRow, reason: string) {
  for (const listener of listeners) await listener(tx, rollout, reason);
}
