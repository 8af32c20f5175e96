import type { Environment, Slot } from '../../../contract/common';
import {
  DEFAULT_ANALYSIS_WINDOW_SECONDS,
  DEFAULT_ROLLOUT_STEPS,
  DEFAULT_WATCH_WINDOW_SECONDS,
  type ProgressiveOptions,
} from '../../../contract/rollouts';
import type { Actor } from '../../auth/viewer';
import type { Transaction } from '../../db/client';
import { rollouts } from '../../db/schema';
import type { GateHealth } from './gate';
import type { SlotKind } from '../deployments/slots';
import { recordTransition } from './traffic';
import { moveToStep } from './transitions';

/** Which slots a progressive switch moves traffic between. */
export interface RolloutSlots {
  resourceId: string;
  environment: Environment;
  fromSlot: Slot;
  toSlot: Slot;
}

/**
 * Starts a progressive switch in the switch's transaction (it holds the resource's lock and passed the
 * health gate): the rollout is written running, and traffic moves to the first step at once. The runner
 * takes it from there (runner.ts).
 */
export async function startRollout<R>(
  tx: Transaction,
  kind: SlotKind<R>,
  slots: RolloutSlots,
  options: ProgressiveOptions,
  gate: { forced: boolean; forceReason?: string; health: GateHealth },
  actor: Actor,
  now: Date,
): Promise<void> {
  const [inserted] = await tx
    .insert(rollouts)
    .values({
      resourceType: kind.resourceType,
      ...slots,
      steps: options.steps ?? [...DEFAULT_ROLLOUT_STEPS],
      analysisWindowSeconds: options.analysisWindowSeconds ?? DEFAULT_ANALYSIS_WINDOW_SECONDS,
      watchWindowSeconds: options.watchWindowSeconds ?? DEFAULT_WATCH_WINDOW_SECONDS,
      state: 'running',
      startedBy: actor.email,
      startedAt: now.toISOString(),
    })
    .returning();
  if (!inserted) throw new Error('The rollout was not written');
  const forced = gate.forced ? { forced: true, forceReason: gate.forceReason?.trim() } : {};
  const started = await recordTransition(
    tx,
    inserted,
    {},
    {
      kind: 'started',
      reason: gate.forced ? `Forced past the health gate: ${gate.forceReason?.trim()}` : null,
    },
    actor,
    now,
    { fromSlot: slots.fromSlot, toSlot: slots.toSlot, steps: inserted.steps, health: gate.health, ...forced },
  );
  await moveToStep(tx, started, 0, 'step', actor, now);
}
