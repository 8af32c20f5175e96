import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/list-conventions';
import { getCapabilities } from '@/capabilities/api/get-capabilities';
import { capabilityKeys } from '@/capabilities/api/capability-keys';

/**
 * The whole catalogue, MAX_PAGE_SIZE capabilities per request, sorted by name. The first page loads
 * alone; the next is asked for only when the grid scrolls to its end, so opening a screen costs one
 * request whatever the catalogue's size, and no capability is silently left out.
 */
export const capabilityCatalogueQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: capabilityKeys.catalogue(),
    queryFn: ({ pageParam }) => getCapabilities({ sort: 'name', limit: MAX_PAGE_SIZE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.rows.length, 0);
      return last.rows.length > 0 && loaded < last.total ? loaded : undefined;
    },
    select: (data) => ({
      capabilities: data.pages.flatMap((page) => page.rows),
      total: data.pages.at(-1)?.total ?? 0,
    }),
  });

export function useCapabilityCatalogue() {
  return useInfiniteQuery(capabilityCatalogueQueryOptions());
}
