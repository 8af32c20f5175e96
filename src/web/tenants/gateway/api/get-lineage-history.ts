import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/lists';
import { getPage } from '@/lib/list-request';
import {
  gatewayKeys,
  lineagePaths,
  type LineageKind,
  type LineageOf,
} from '@/tenants/gateway/api/gateway-keys';

/**
 * GET .../:lineageId/versions: the lineage's versions, newest first. One page of MAX_PAGE_SIZE: a
 * route or policy edited more often than that shows its newest versions and says how many exist.
 */
export const lineageHistoryQueryOptions = <K extends LineageKind>(
  kind: K,
  tenantId: string,
  lineageId: string,
) =>
  queryOptions({
    queryKey: gatewayKeys.history(kind, tenantId, lineageId),
    queryFn: () =>
      getPage<LineageOf<K>>(lineagePaths.history(kind, tenantId, lineageId), { limit: MAX_PAGE_SIZE }),
  });

export function useLineageHistory<K extends LineageKind>(
  kind: K,
  tenantId: string,
  lineageId: string | undefined,
) {
  return useQuery({
    ...lineageHistoryQueryOptions(kind, tenantId, lineageId ?? ''),
    enabled: !!lineageId,
  });
}

/**
 * The lineage's newest version number, which every write to it sends as If-Match: from the cached
 * history when the admin has seen it (so a change made since is caught as 412), else fetched now.
 */
export function useFetchNewestVersion(kind: LineageKind, tenantId: string) {
  const queryClient = useQueryClient();
  return async (lineageId: string): Promise<number | undefined> => {
    const page = await queryClient.fetchQuery(lineageHistoryQueryOptions(kind, tenantId, lineageId));
    return page.rows.reduce<number | undefined>(
      (max, v) => (max === undefined || v.version > max ? v.version : max),
      undefined,
    );
  };
}
