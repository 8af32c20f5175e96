import { eq } from 'drizzle-orm';
import { LIVE_TRAFFIC_PERCENTAGE } from '../../../contract/deployments';
import type { Rollout, RolloutAction, RolloutState } from '../../../contract/rollouts';
import type { Actor } from '../../auth/viewer';
import type { Executor, Transaction } from '../../db/client';
import { rollouts } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { toRollout, type RolloutRow } from './model';
import { recordTransition } from './traffic';
import { endOnStable, moveToStep } from './transitions';

/** What an action asks for: the rollout, the button, and why (kept on an abort). */
export interface RolloutActionRequest {
  rolloutId: string;
  action: RolloutAction;
  reason?: string;
}

/** The states each action applies to. */
const ALLOWED: Record<RolloutAction, readonly RolloutState[]> = {
  pause: ['running'],
  resume: ['paused'],
  promote: ['running', 'paused'],
  abort: ['running', 'paused', 'watching'],
};

/** The event an action writes; also its past tense. */
const actionEvent = { pause: 'paused', resume: 'resumed', promote: 'promoted', abort: 'aborted' } as const;

/** The rollout, locked (FOR UPDATE) when `lock` is set; 404 when there is none. */
export async function findRollout(db: Executor, id: string, lock = false): Promise<RolloutRow> {
  const query = db.select().from(rollouts).where(eq(rollouts.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Rollout');
  return row;
}

/** 409 when the rollout's state does not take the action, saying what it is and what it would need. */
export function assertActionAllowed(row: Pick<RolloutRow, 'state'>, action: RolloutAction): void {
  const allowed = ALLOWED[action];
  if (!allowed.includes(row.state)) {
    throw conflict(
      `The rollout is ${row.state}: only a ${allowed.join(' or ')} rollout can be ${actionEvent[action]}.`,
    );
  }
}

/** Where an action leaves the rollout: a reviewer's diff of a requested action. */
export function actionOutcome(
  row: Pick<RolloutRow, 'state' | 'trafficPercentage' | 'watchWindowSeconds'>,
  action: RolloutAction,
): Pick<RolloutRow, 'state' | 'trafficPercentage'> {
  switch (action) {
    case 'pause':
      return { state: 'paused', trafficPercentage: row.trafficPercentage };
    case 'resume':
      return { state: 'running', trafficPercentage: row.trafficPercentage };
    case 'promote':
      return {
        state: row.watchWindowSeconds > 0 ? 'watching' : 'completed',
        trafficPercentage: LIVE_TRAFFIC_PERCENTAGE,
      };
    case 'abort':
      return { state: 'aborted', trafficPercentage: 0 };
  }
}

/**
 * Pause, resume, promote or abort a rollout (docs/rollouts.md), in the caller's transaction: the row is
 * locked so the runner cannot move it meanwhile. A pause keeps what was left of the step; a resume
 * holds that much more.
 */
export async function applyRolloutAction(
  tx: Transaction,
  request: RolloutActionRequest,
  actor: Actor,
  now = new Date(),
): Promise<Rollout> {
  const row = await findRollout(tx, request.rolloutId, true);
  assertActionAllowed(row, request.action);
  const reason = request.reason?.trim() || null;
  const event = { kind: actionEvent[request.action], reason };
  switch (request.action) {
    case 'pause': {
      const left = row.nextActionAt ? Math.max(0, Date.parse(row.nextActionAt) - now.getTime()) : 0;
      const update = { state: 'paused', nextActionAt: null, remainingMs: left } as const;
      return toRollout(await recordTransition(tx, row, update, event, actor, now));
    }
    case 'resume': {
      const nextActionAt = new Date(now.getTime() + (row.remainingMs ?? 0)).toISOString();
      // The reason of a pause on health is over once someone resumes.
      const update = { state: 'running', nextActionAt, remainingMs: null, reason: null } as const;
      return toRollout(await recordTransition(tx, row, update, event, actor, now));
    }
    case 'promote':
      return toRollout(await moveToStep(tx, row, row.steps.length - 1, 'promoted', actor, now));
    case 'abort':
      return toRollout(await endOnStable(tx, row, 'aborted', reason, actor, now));
  }
}
