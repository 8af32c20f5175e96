import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChangeSummary } from '@contract/changes';
import { CHANGE_REQUESTS_PATH, changeRequestKeys } from '@/changes/api/change-request-keys';
import { getJson } from '@/lib/api-client';

/** How often the sidebar badge asks again: other people's requests arrive without any action here. */
export const SUMMARY_REFETCH_MS = 30_000;

/** GET /api/change-requests/summary: how many requests wait for the signed-in user's approval. */
export function getChangeSummary(): Promise<ChangeSummary> {
  return getJson<ChangeSummary>(`${CHANGE_REQUESTS_PATH}/summary`);
}

export const changeSummaryQueryOptions = () =>
  queryOptions({
    queryKey: changeRequestKeys.summary(),
    queryFn: getChangeSummary,
    refetchInterval: SUMMARY_REFETCH_MS,
    staleTime: 0,
  });

export function useChangeSummary() {
  return useQuery(changeSummaryQueryOptions());
}
