import type { AuditResourceType } from '@contract/audit';
import type { LiveEvent } from '@contract/events';
import { useCallback, useState } from 'react';
import { useLiveChange } from '@/lib/live-changes';

/** How an edit form follows its resource live: the audit's name for it, and how to read it anew. */
export type LiveResource<TResource> = {
  resourceType: AuditResourceType;
  /** Reads the resource as it is now, by its id (e.g. getTenant). */
  fetchCurrent: (id: string) => Promise<TResource>;
};

/** Someone else's save the form has not seen: who, and the revision it made (null: not recorded). */
export type Underneath = { who: string; revision: number | null };

/** The id of a resource that has one (settings have none: there is one row). */
export function idOf(resource: object | undefined): string | null {
  return resource && 'id' in resource && typeof resource.id === 'string' ? resource.id : null;
}

/**
 * Whether a live event is someone else's change to this resource that the form has not seen: same type
 * and id, newer than the revision the form holds (an event without a revision counts, as it happened
 * after the form opened), and not made by the signed-in user (their own saves are not news).
 */
export function isChangeUnderneath(
  event: LiveEvent,
  byViewer: boolean,
  target: { resourceType: string; id: string; revision: number | undefined },
): boolean {
  if (byViewer || event.resourceType !== target.resourceType || event.resourceId !== target.id) return false;
  return event.revision === null || target.revision === undefined || event.revision > target.revision;
}

/**
 * Listens for someone else's change to the form's resource while it is open. Answers the change to
 * announce (until it is cleared or the form moves past its revision) and a way to clear it.
 */
export function useChangedUnderneath(
  resourceType: AuditResourceType | undefined,
  id: string | null,
  revision: () => number | undefined,
): { underneath: Underneath | null; clear: () => void } {
  const [underneath, setUnderneath] = useState<Underneath | null>(null);
  useLiveChange(({ event, byViewer }) => {
    if (!resourceType || id === null) return;
    if (!isChangeUnderneath(event, byViewer, { resourceType, id, revision: revision() })) return;
    setUnderneath({ who: event.actor?.email ?? 'someone', revision: event.revision });
  });
  const clear = useCallback(() => setUnderneath(null), []);
  const current = revision();
  const seen = underneath?.revision != null && current !== undefined && current >= underneath.revision;
  return { underneath: seen ? null : underneath, clear };
}
