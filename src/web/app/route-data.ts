import type { QueryClient } from '@tanstack/react-query';
import { firstVisitRoute } from '@contract/first-visit';
import { answerFirstMount } from '@/app/first-mount';
import type { RouteQuery } from '@/app/route-query';

/**
 * What a first visit prefetches for each list screen (docs/architecture.md, "How the first visit
 * loads"): exactly the query the screen then reads, its key and parameters computed from the address as
 * the screen's view computes them, through the screens' own query options. Which screen has which module
 * is the shared first-visit table (src/contract/first-visit.ts), which the server also reads to start the
 * same requests with the HTML. Each route's module (route-queries/*) is a chunk of its own that imports
 * only that screen's key factory and fetcher, so the entry stays small and no screen downloads another's;
 * route-data.test.tsx checks each against its screen and against the table's requests.
 */

type RouteQueries = { queries: (params: URLSearchParams) => RouteQuery[] };

/** Each module under route-queries, a chunk of its own, loaded when its screen is visited. */
const MODULES = import.meta.glob<RouteQueries>('./route-queries/*.ts');

/** The queries the screen at `location` reads first; none for a path without route data. */
export async function routeQueries(location: { pathname: string; search: string }): Promise<RouteQuery[]> {
  const route = firstVisitRoute(location.pathname);
  const load = route && MODULES[`./route-queries/${route.module}.ts`];
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

/** Prefetches a screen's query, which its first mount then takes as it is (first-mount.ts). */
function prefetchForMount(queryClient: QueryClient, query: RouteQuery): void {
  answerFirstMount(queryClient, query.queryKey);
  void queryClient.prefetchQuery(query);
}
