import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ChangeRequest,
  changeRequestSortFields,
  changeRequestStates,
  changeRequestViews,
} from '@contract/changes';
import type { SortValue } from '@contract/lists';
import { CHANGE_REQUESTS_PATH, changeRequestKeys } from '@/changes/api/change-request-keys';
import { getPage, type Page } from '@/lib/list-request';

export type ChangeRequestSortField = (typeof changeRequestSortFields)[number];

/** The filters, sort and page of GET /api/change-requests; empty values are not sent. */
export type ChangeRequestListQuery = {
  q?: string;
  view?: (typeof changeRequestViews)[number];
  state?: (typeof changeRequestStates)[number];
  tenantId?: string;
  /** An environment and a change kind as the URL has them: the server checks them (400 otherwise). */
  environment?: string;
  kind?: string;
  sort?: SortValue<ChangeRequestSortField>;
  limit: number;
  offset: number;
};

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
