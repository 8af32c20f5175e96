import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { AuditResourceType } from '@contract/resource-types';

/*
 * What a write of each audited resource type refreshes (docs/live-updates.md, "One table"): the web half
 * of the registry in src/contract/resource-types.ts. The app composes the table from every feature's key
 * factories (src/web/app/resource-effects.ts) and hands it to the query client once; the three paths a
 * write reaches the screen by read it from there, so they cannot drift apart:
 * - a feature's own mutation, through `invalidateWritten` (its invalidator names only the type);
 * - an approved change request, through the type its kind writes;
 * - a live event, through the type it carries.
 */

/** A write that may have changed anything the viewer can see (Delete All Resources, a tenant delete). */
export const EVERYTHING = 'everything';

/** The reads one write touches, as roots of the owning features' key factories, or everything. */
export type Touches = readonly QueryKey[] | typeof EVERYTHING;

/** What of a write decides what it touches: its action (an audit action or change kind) and tenant. */
export type TouchingEvent = { action: string; tenantId: string | null };

/** What a write of each audited resource type refreshes; a type missing from it does not compile. */
export type ResourceEffects = {
  readonly [T in AuditResourceType]: (event: TouchingEvent) => Touches;
};

/** Loads the table: a lazy import, as it names every feature's key factories. */
export type LoadResourceEffects = () => Promise<ResourceEffects>;

const providedTo = new WeakMap<QueryClient, LoadResourceEffects>();

/** The app gives its query client the table once (src/web/app/query-client.ts). */
export function provideResourceEffects(queryClient: QueryClient, load: LoadResourceEffects): void {
  providedTo.set(queryClient, load);
}

/** The table given to `queryClient`; null where none was (a component rendered alone in a test). */
export async function resourceEffectsOf(queryClient: QueryClient): Promise<ResourceEffects | null> {
  const load = providedTo.get(queryClient);
  return load ? load().catch(() => null) : null;
}

/** Which cached reads a refresh may refetch (all when not given). */
export type RefetchFilter = (query: Query) => boolean;

/** Invalidates the union of `touches`, each root once; without a table, everything (never stale). */
export async function invalidateTouched(
  queryClient: QueryClient,
  touches: readonly Touches[],
  predicate?: RefetchFilter,
): Promise<void> {
  const roots = new Map<string, QueryKey>();
  for (const keys of touches) {
    if (keys === EVERYTHING) return queryClient.invalidateQueries({ predicate });
    for (const key of keys) roots.set(JSON.stringify(key), key);
  }
  await Promise.all(
    [...roots.values()].map((queryKey) => queryClient.invalidateQueries({ queryKey, predicate })),
  );
}

/**
 * After a write of `resourceType`: refreshes what the table says such a write touches. Without a table
 * every query refetches, which is never stale, only slower. `predicate` keeps some reads out (a deleted
 * resource's own: lib/invalidate-deleted.ts).
 */
export async function invalidateWritten(
  queryClient: QueryClient,
  resourceType: AuditResourceType,
  event: Partial<TouchingEvent> = {},
  predicate?: RefetchFilter,
): Promise<void> {
  const effects = await resourceEffectsOf(queryClient);
  const touching: TouchingEvent = { action: event.action ?? '', tenantId: event.tenantId ?? null };
  await invalidateTouched(queryClient, [effects ? effects[resourceType](touching) : EVERYTHING], predicate);
}
