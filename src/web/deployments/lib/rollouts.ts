import type { Rollout, RolloutAction, RolloutEvent } from '@contract/rollouts';
import { activeRolloutStates, type RolloutState } from '@contract/vocabulary';

/** The rollout that holds the traffic split or watched: the newest, while running, paused or watching. */
export function currentRollout(rollouts: readonly Rollout[] | undefined): Rollout | null {
  const [newest] = rollouts ?? [];
  return newest && activeRolloutStates.includes(newest.state) ? newest : null;
}

/** Why the runner rolled a rollout back on its own; null when it did not (aborted by a person, or not aborted). */
export function automaticRollbackReason(rollout: Rollout): string | null {
  if (rollout.state !== 'aborted') return null;
  const rollback = rollout.events.find((event) => event.kind === 'rolled_back' && event.by === 'system');
  return rollback ? (rollback.reason ?? rollout.reason ?? 'the new slot turned unhealthy') : null;
}

export const rolloutStateLabels: Record<RolloutState, string> = {
  running: 'Running',
  paused: 'Paused',
  watching: 'Watching',
  completed: 'Completed',
  aborted: 'Aborted',
};

export const rolloutEventLabels: Record<RolloutEvent['kind'], string> = {
  started: 'Started',
  step: 'Step',
  paused: 'Paused',
  resumed: 'Resumed',
  promoted: 'Promoted',
  completed: 'Completed',
  aborted: 'Aborted',
  rolled_back: 'Rolled back',
};

/** The states each action is allowed in (docs/rollouts.md, Actions and approvals); the server decides. */
const allowedIn: Record<RolloutAction, readonly RolloutState[]> = {
  pause: ['running'],
  resume: ['paused'],
  promote: ['running', 'paused'],
  abort: ['running', 'paused', 'watching'],
};

export const canRunAction = (action: RolloutAction, state: RolloutState): boolean =>
  allowedIn[action].includes(state);

/** What each action's button says, and its toast once it applied. */
export const rolloutActionText: Record<RolloutAction, { button: string; done: string; failed: string }> = {
  pause: { button: 'Pause', done: 'Rollout paused', failed: 'Failed to pause the rollout.' },
  resume: { button: 'Resume', done: 'Rollout resumed', failed: 'Failed to resume the rollout.' },
  promote: { button: 'Promote now', done: 'Rollout promoted', failed: 'Failed to promote the rollout.' },
  abort: { button: 'Abort', done: 'Rollout aborted', failed: 'Failed to abort the rollout.' },
};

/** Seconds from `now` until `at` (never negative); null without a time (paused, ended). */
export function secondsUntil(at: string | null, now: number): number | null {
  if (!at) return null;
  const time = Date.parse(at);
  return Number.isNaN(time) ? null : Math.max(0, Math.ceil((time - now) / 1000));
}

/** A countdown as m:ss ("4:05"), or h:mm:ss past an hour. */
export function formatCountdown(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** "10% → 50% → 100%" */
export const stepsText = (steps: readonly number[]): string => steps.map((p) => `${p}%`).join(' → ');
