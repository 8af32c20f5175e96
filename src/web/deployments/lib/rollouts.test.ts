import { describe, expect, it } from 'vitest';
import {
  automaticRollbackReason,
  canRunAction,
  currentRollout,
  formatCountdown,
  secondsUntil,
} from '@/deployments/lib/rollouts';
import { rollout, rolledBack } from '@/deployments/test/rollouts';

describe('rollout helpers', () => {
  it('counts down whole seconds to the next action, never below zero', () => {
    const now = Date.parse('2024-06-01T12:00:00.000Z');
    expect(secondsUntil('2024-06-01T12:01:05.000Z', now)).toBe(65);
    expect(secondsUntil('2024-06-01T12:00:00.400Z', now)).toBe(1);
    expect(secondsUntil('2024-06-01T11:59:00.000Z', now)).toBe(0);
    expect(secondsUntil(null, now)).toBeNull();
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(3725)).toBe('1:02:05');
  });

  it('takes the newest rollout as current only while it runs, pauses or watches', () => {
    expect(currentRollout([rollout({ state: 'watching' }), rolledBack()])?.state).toBe('watching');
    expect(currentRollout([rolledBack(), rollout()])).toBeNull();
    expect(currentRollout(undefined)).toBeNull();
  });

  it("names the runner's rollback, not a person's abort, and the actions each state allows", () => {
    expect(automaticRollbackReason(rolledBack('Rolled back: green slot turned unhealthy'))).toBe(
      'Rolled back: green slot turned unhealthy',
    );
    expect(automaticRollbackReason(rollout({ state: 'aborted', reason: 'By hand' }))).toBeNull();
    expect(canRunAction('promote', 'watching')).toBe(false);
    expect(canRunAction('abort', 'watching')).toBe(true);
    expect(canRunAction('resume', 'running')).toBe(false);
  });
});
