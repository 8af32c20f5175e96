import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { RouteQuery } from '@/app/route-query';

/**
 * What a first visit prefetches for each list screen (docs/architecture.md, "How the first visit
 * loads"): exactly the query the screen then reads, its key and parameters computed from the address as
 * the screen's view computes them, through the screens' own query options. Each route's module
 * (route-queries/*) is a chunk of its own that imports only that screen's key factory and fetcher, so the
 * entry stays small and no screen downloads another's; route-data.test.ts checks each against its screen.
 */

type RouteQueries = { queries: (params: URLSearchParams) => RouteQuery[] };

/** Each list screen's path (as the router matches it) and the module naming its first queries. */
export const ROUTE_DATA: Record<string, () => Promise<RouteQueries>> = {
  '/': () => import('@/app/route-queries/overview'),
  '/tenants': () => import('@/app/route-queries/tenants'),
  '/users': () => import('@/app/route-queries/users'),
  '/apis': () => import('@/app/route-queries/capabilities'),
  '/apps': () => import('@/app/route-queries/web-apps'),
  '/microfrontends': () => import('@/app/route-queries/microfrontends'),
  '/deployments': () => import('@/app/route-queries/deployments'),
  '/audit-log': () => import('@/app/route-queries/audit'),
  '/changes': () => import('@/app/route-queries/changes'),
};

/** The queries the screen at `location` reads first; none for a path without route data. */
export async function routeQueries(location: { pathname: string; search: string }): Promise<RouteQuery[]> {
  const path = location.pathname.length > 1 ? location.pathname.replace(/\/+$/, '') : location.pathname;
  const load = Object.hasOwn(ROUTE_DATA, path) ? ROUTE_DATA[path] : undefined;
  if (!load) return [];
  const { queries } = await load();
  return queries(new URLSearchParams(location.search));
}

/** Prefetches the first queries of the screen at `location` (src/web/app/first-visit.ts). */
export async function prefetchRouteData(
  queryClient: QueryClient,
  location: { pathname: string; search: string },
): Promise<void> {
  for (const query of await routeQueries(location)) prefetchForMount(queryClient, query);
}

/**
 * Prefetches a screen's query so that the screen's first mount takes its answer as it is: a query that
 * is stale at once (the audit trail, change requests) would otherwise be fetched a second time when the
 * screen mounts just after the prefetched answer arrived. Later mounts refetch as the screen asks.
 */
function prefetchForMount(queryClient: QueryClient, query: RouteQuery): void {
  const hash = hashKey(query.queryKey);
  let mounted = false;
  queryClient.setQueryDefaults(query.queryKey, {
    refetchOnMount: (current) => !(current.queryHash === hash && !mounted),
  });
  // The first observer decides whether to fetch on mount right after it is added (synchronously): the
  // prefetched answer is spent after that.
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'observerAdded' || event.query.queryHash !== hash) return;
    unsubscribe();
    queueMicrotask(() => (mounted = true));
  });
  void queryClient.prefetchQuery(query);
}
