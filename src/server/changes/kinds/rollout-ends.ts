import type { Transaction } from '../../db/client';
import { onRolloutEndedOnStable } from '../../delivery/rollouts/ended-on-stable';

/**
 * Where changes hears that a rollout ended on its stable slot (rolled back by health, or aborted): the
 * delivery side keeps the listeners, so it never imports changes; this folder is where changes meets
 * the domains (scripts/check-cycles.mjs).
 */
export function whenRolloutEndsOnStable(
  listener: (tx: Transaction, rollout: { id: string }, reason: string) => Promise<void>,
): () => void {
  return onRolloutEndedOnStable(listener);
}
