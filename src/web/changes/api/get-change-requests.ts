import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChangeRequest } from '@contract/changes';
import { CHANGE_REQUESTS_PATH, changeRequestKeys } from '@/changes/api/change-request-keys';
import { getPage, type Page } from '@/lib/list-request';
import type { ChangeRequestListQuery } from '@/changes/api/change-request-list-query';

export type { ChangeRequestSortField, ChangeRequestListQuery } from '@/changes/api/change-request-list-query';

/** GET /api/change-requests: one page of the requests the user may see, and the filtered total. */
export function getChangeRequests(query: ChangeRequestListQuery): Promise<Page<ChangeRequest>> {
  return getPage<ChangeRequest>(CHANGE_REQUESTS_PATH, query);
}

export const changeRequestsQueryOptions = (query: ChangeRequestListQuery) =>
  queryOptions({
    queryKey: changeRequestKeys.list(query),
    queryFn: () => getChangeRequests(query),
    placeholderData: keepPreviousData,
    // Other people approve, reject and apply requests: a cached page would hide their moves.
    staleTime: 0,
  });

export function useChangeRequests(query: ChangeRequestListQuery) {
  return useQuery(changeRequestsQueryOptions(query));
}
