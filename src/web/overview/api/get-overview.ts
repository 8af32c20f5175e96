import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Overview } from '@contract/overview';
import { getJson } from '@/lib/api-client';
import { overviewKeys } from '@/overview/api/overview-keys';

export const OVERVIEW_PATH = '/api/overview';

/** GET /api/overview: every figure of the Overview page in one request. */
export function getOverview(): Promise<Overview> {
  return getJson<Overview>(OVERVIEW_PATH);
}

export const overviewQueryOptions = () => queryOptions({ queryKey: overviewKeys.all, queryFn: getOverview });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
