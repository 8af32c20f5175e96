import type { QueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '@/auth';

/**
 * Starts what the first screen needs before the route's code has loaded (docs/architecture.md, "How the
 * first visit loads"): the session check at once, and the screen's first query as soon as the small
 * route-data chunks have arrived, in parallel with the route's own chunks.
 */
export function startFirstVisit(queryClient: QueryClient, location: Location): void {
  const current = { pathname: location.pathname, search: location.search };
  void queryClient.prefetchQuery(meQueryOptions());
  // Its own chunk (index.html modulepreloads it, vite.config.ts): the route table costs no screen's budget.
  void import('@/app/route-data').then(
    ({ prefetchRouteData }) => prefetchRouteData(queryClient, current),
    // A chunk that failed to load only costs the head start: the screen reads its data itself.
    () => undefined,
  );
}
