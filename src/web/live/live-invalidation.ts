import type { QueryClient } from '@tanstack/react-query';
import { AUDIT_RESOURCE_TYPES } from '@contract/resource-types';
import type { LiveEvent } from '@contract/events';
import { isOneOf } from '@contract/sets';
import {
  EVERYTHING,
  invalidateTouched,
  resourceEffectsOf,
  type ResourceEffects,
  type Touches,
} from '@/lib/resource-effects';

/** What `event` touches; a resource type this client does not know touches everything (never stale). */
export function touchedBy(effects: ResourceEffects, event: LiveEvent): Touches {
  const { resourceType } = event;
  if (!isOneOf(AUDIT_RESOURCE_TYPES, resourceType)) return EVERYTHING;
  return effects[resourceType](event);
}

export type LiveInvalidator = {
  /** Queues the reads `event` touches. */
  change: (event: LiveEvent) => void;
  /** Queues every read. */
  everything: () => void;
};

/**
 * Invalidates what live events touch, a burst of events at a time: the keys queue up and one pass
 * refreshes each root once, so a busy minute does not refetch a list once per event.
 */
export function createLiveInvalidator(queryClient: QueryClient, batchMs = 50): LiveInvalidator {
  let queued: LiveEvent[] = [];
  let all = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = async () => {
    timer = undefined;
    const events = queued;
    const everything = all;
    queued = [];
    all = false;
    if (everything) return queryClient.invalidateQueries();
    const effects = await resourceEffectsOf(queryClient);
    await invalidateTouched(
      queryClient,
      effects ? events.map((event) => touchedBy(effects, event)) : [EVERYTHING],
    );
  };
  const schedule = () => {
    timer ??= setTimeout(() => void flush(), batchMs);
  };

  return {
    change: (event) => {
      queued.push(event);
      schedule();
    },
    everything: () => {
      all = true;
      schedule();
    },
  };
}
