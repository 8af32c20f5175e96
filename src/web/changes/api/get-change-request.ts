import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChangeRequestDetail } from '@contract/changes';
import { CHANGE_REQUESTS_PATH, changeRequestKeys } from '@/changes/api/change-request-keys';
import { getJson } from '@/lib/api-client';

/** GET /api/change-requests/{id}: the request with its diff, timeline, staleness and the user's abilities. */
export function getChangeRequest(id: string): Promise<ChangeRequestDetail> {
  return getJson<ChangeRequestDetail>(`${CHANGE_REQUESTS_PATH}/${encodeURIComponent(id)}`);
}

export const changeRequestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: changeRequestKeys.detail(id),
    queryFn: () => getChangeRequest(id),
    // Staleness and abilities are computed on each read: never trust a cached copy on a new visit.
    staleTime: 0,
  });

export function useChangeRequest(id: string) {
  return useQuery(changeRequestQueryOptions(id));
}
