import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { AUDIT_RESOURCE_TYPES, type AuditResourceType } from '@contract/resource-types';
import type { LiveEvent } from '@contract/events';
import { isOneOf } from '@contract/sets';

/** An event that may have changed anything the viewer can see (Delete All Resources, a tenant delete). */
export const EVERYTHING = 'everything';

/** The reads one event touches, as roots of the owning features' key factories, or everything. */
export type LiveEventTouches = readonly QueryKey[] | typeof EVERYTHING;

/**
 * What an event of each audited resource type refreshes. The app composes it from every feature's key
 * factories (src/web/app/live-event-effects.ts); a type missing from it does not compile.
 */
export type LiveEventEffects = {
  readonly [T in AuditResourceType]: (event: TouchingEvent) => LiveEventTouches;
};

/** What of an event decides what it touches: an applied change request is described the same way. */
export type TouchingEvent = Pick<LiveEvent, 'action' | 'tenantId'>;

/** Loads the table: a lazy import, as it names every feature. */
export type LoadLiveEventEffects = () => Promise<LiveEventEffects>;

/** What `event` touches; a resource type this client does not know touches everything (never stale). */
export function touchedBy(effects: LiveEventEffects, event: LiveEvent): LiveEventTouches {
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
export function createLiveInvalidator(
  queryClient: QueryClient,
  loadEffects: LoadLiveEventEffects,
  batchMs = 50,
): LiveInvalidator {
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
    const effects = await loadEffects().catch(() => null);
    const touched: LiveEventTouches[] = effects
      ? events.map((event) => touchedBy(effects, event))
      : [EVERYTHING];
    const roots = new Map<string, QueryKey>();
    for (const keys of touched) {
      if (keys === EVERYTHING) return queryClient.invalidateQueries();
      for (const key of keys) roots.set(JSON.stringify(key), key);
    }
    await Promise.all([...roots.values()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
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
