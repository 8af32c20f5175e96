import { LIVE_TRAFFIC_PERCENTAGE } from '../../../contract/deployments';
import type { Actor } from '../../auth/viewer';
import type { Transaction } from '../../db/client';
import { SYSTEM_ACTOR } from '../../audit/service';
import { judgeHealth } from './gate';
import type { RolloutRow } from './model';
import { rolloutEndedOnStable } from './ended-on-stable';
import { recordTransition, restoreStable, splitTraffic, targetHealth } from './traffic';

/*
 * The moves of a rollout, each on a row its caller locked (the runner, an action, the start): traffic on
 * the slots and the rollout's state change in the caller's one transaction.
 */

const after = (now: Date, seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();

export function complete(tx: Transaction, row: RolloutRow, actor: Actor, now: Date): Promise<RolloutRow> {
  return recordTransition(
    tx,
    row,
    { state: 'completed', nextActionAt: null, remainingMs: null, endedAt: now.toISOString() },
    { kind: 'completed', reason: null },
    actor,
    now,
  );
}

/**
 * Traffic to step `index`, held for the analysis window. At 100% the new slot is live and the rollout
 * watches it for the watch window (or completes at once when that is 0), still rolled back if it fails.
 */
export async function moveToStep(
  tx: Transaction,
  row: RolloutRow,
  index: number,
  kind: 'step' | 'promoted',
  actor: Actor,
  now: Date,
): Promise<RolloutRow> {
  const stepIndex = Math.min(index, row.steps.length - 1);
  const trafficPercentage = kind === 'promoted' ? LIVE_TRAFFIC_PERCENTAGE : (row.steps[stepIndex] ?? 0);
  await splitTraffic(tx, row, trafficPercentage, actor, now);
  const full = trafficPercentage === LIVE_TRAFFIC_PERCENTAGE;
  const moved = await recordTransition(
    tx,
    row,
    {
      stepIndex,
      trafficPercentage,
      state: full ? 'watching' : 'running',
      nextActionAt: after(now, full ? row.watchWindowSeconds : row.analysisWindowSeconds),
      remainingMs: null,
    },
    { kind, reason: null },
    actor,
    now,
  );
  return full && row.watchWindowSeconds === 0 ? complete(tx, moved, actor, now) : moved;
}

/** Everything back on the stable slot; the rollout ends aborted, with why. */
export async function endOnStable(
  tx: Transaction,
  row: RolloutRow,
  kind: 'aborted' | 'rolled_back',
  reason: string | null,
  actor: Actor,
  now: Date,
): Promise<RolloutRow> {
  await restoreStable(tx, row);
  const ended = await recordTransition(
    tx,
    row,
    {
      state: 'aborted',
      trafficPercentage: 0,
      nextActionAt: null,
      remainingMs: null,
      reason,
      endedAt: now.toISOString(),
    },
    { kind, reason },
    actor,
    now,
  );
  await rolloutEndedOnStable(
    tx,
    ended,
    reason ?? (kind === 'aborted' ? 'The rollout was aborted' : 'The rollout rolled back'),
  );
  return ended;
}

const isDue = (row: RolloutRow, now: Date) =>
  row.nextActionAt !== null && Date.parse(row.nextActionAt) <= now.getTime();

/**
 * Holds a due rollout where it is because the new slot's health cannot be trusted (never passed, or
 * older than three intervals): paused by "system", with why; a person resumes it (actions.ts).
 */
function pauseOnHealth(tx: Transaction, row: RolloutRow, why: string, now: Date): Promise<RolloutRow> {
  const reason = `Paused: ${why}`;
  return recordTransition(
    tx,
    row,
    { state: 'paused', nextActionAt: null, remainingMs: 0, reason },
    { kind: 'paused', reason },
    SYSTEM_ACTOR,
    now,
  );
}

/**
 * One runner pass over one active rollout: a new slot that turned unhealthy rolls it back, whatever its
 * state (paused and watching included); otherwise a due step moves on, a due watch completes, each only
 * while the health gate lets the slot through (a slot without a health check is not checked and does):
 * else the rollout pauses, saying why. Answers the row as it leaves it (the same object when nothing was
 * due).
 */
export async function advance(tx: Transaction, row: RolloutRow, now: Date): Promise<RolloutRow> {
  const health = await targetHealth(tx, row);
  if (!health) {
    // The resource was deleted with its slots: nothing is left to move.
    const reason = `The ${row.resourceType} was deleted`;
    return recordTransition(
      tx,
      row,
      { state: 'aborted', nextActionAt: null, remainingMs: null, reason, endedAt: now.toISOString() },
      { kind: 'aborted', reason },
      SYSTEM_ACTOR,
      now,
    );
  }
  if (health.healthStatus === 'unhealthy') {
    const why = health.healthReason ? ` (${health.healthReason})` : '';
    const reason = `Rolled back: ${row.toSlot} slot turned unhealthy${why}`;
    return endOnStable(tx, row, 'rolled_back', reason, SYSTEM_ACTOR, now);
  }
  if (!isDue(row, now) || row.state === 'paused') return row;
  const { refusal } = judgeHealth(health, now);
  if (refusal) return pauseOnHealth(tx, row, refusal, now);
  if (row.state === 'running') return moveToStep(tx, row, row.stepIndex + 1, 'step', SYSTEM_ACTOR, now);
  if (row.state === 'watching') return complete(tx, row, SYSTEM_ACTOR, now);
  return row;
}
