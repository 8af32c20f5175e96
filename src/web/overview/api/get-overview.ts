import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Overview } from '@contract/overview';
import { getJson } from '@/lib/api-client';

export const OVERVIEW_PATH = '/api/overview';

/** GET /api/overview: every figure of the Overview page in one request. */
export function getOverview(): Promise<Overview> {
  return getJson<Overview>(OVERVIEW_PATH);
}

// The key is the path, so the default query function (GET of the joined key) would fetch the same.
export const overviewQueryOptions = () => queryOptions({ queryKey: [OVERVIEW_PATH], queryFn: getOverview });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
