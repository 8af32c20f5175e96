import type { HealthResult, Rollout, RolloutEvent } from '@contract/rollouts';

/** A probe of `slot` at `checkedAt`: passed with 200, or failed with its reason. */
export function probe(slot: 'blue' | 'green', checkedAt: string, failure?: string): HealthResult {
  return failure
    ? { slot, checkedAt, ok: false, statusCode: 503, reason: failure, durationMs: 40 }
    : { slot, checkedAt, ok: true, statusCode: 200, reason: null, durationMs: 12 };
}

export function rolloutEvent(overrides: Partial<RolloutEvent> = {}): RolloutEvent {
  return {
    at: '2024-06-01T12:00:00.000Z',
    kind: 'started',
    trafficPercentage: 10,
    by: 'alice@example.com',
    reason: null,
    ...overrides,
  };
}

/** A rollout of mfe-001 in production from blue to green, running at its first step (10%). */
export function rollout(overrides: Partial<Rollout> = {}): Rollout {
  return {
    id: 'rol-1',
    resourceType: 'microfrontend',
    resourceId: 'mfe-001',
    environment: 'production',
    fromSlot: 'blue',
    toSlot: 'green',
    steps: [10, 50, 100],
    stepIndex: 0,
    trafficPercentage: 10,
    analysisWindowSeconds: 60,
    watchWindowSeconds: 300,
    state: 'running',
    nextActionAt: '2024-06-01T12:01:00.000Z',
    reason: null,
    startedBy: 'alice@example.com',
    startedAt: '2024-06-01T12:00:00.000Z',
    endedAt: null,
    events: [rolloutEvent()],
    revision: 1,
    ...overrides,
  };
}

/** A rollout the runner rolled back: the green slot turned unhealthy at 50%. */
export function rolledBack(reason = 'Rolled back: green slot turned unhealthy (HTTP 503)'): Rollout {
  return rollout({
    id: 'rol-0',
    state: 'aborted',
    stepIndex: 1,
    trafficPercentage: 0,
    nextActionAt: null,
    reason,
    endedAt: '2024-06-01T12:02:00.000Z',
    events: [
      rolloutEvent(),
      rolloutEvent({ at: '2024-06-01T12:01:00.000Z', kind: 'step', trafficPercentage: 50, by: 'system' }),
      rolloutEvent({
        at: '2024-06-01T12:02:00.000Z',
        kind: 'rolled_back',
        trafficPercentage: 0,
        by: 'system',
        reason,
      }),
    ],
  });
}
