import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * Lets the first screen that mounts a query take the answer already in the cache as it is: an answer
 * the first visit prefetched (route-data.ts), or one the server rendered the page with (main.tsx). A
 * query that is stale at once (the audit trail, change requests) would otherwise be fetched a second time
 * when the screen mounts just after the answer arrived. Later mounts refetch as the screen asks.
 */
export function answerFirstMount(queryClient: QueryClient, queryKey: QueryKey): void {
  const hash = hashKey(queryKey);
  let mounted = false;
  queryClient.setQueryDefaults(queryKey, {
    refetchOnMount: (current) => !(current.queryHash === hash && !mounted),
  });
  // The first observer decides whether to fetch on mount right after it is added (synchronously): the
  // answer is spent after that.
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'observerAdded' || event.query.queryHash !== hash) return;
    unsubscribe();
    queueMicrotask(() => (mounted = true));
  });
}
