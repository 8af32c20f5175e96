import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@contract/list-conventions';
import { getPage } from '@/lib/list-request';
import {
  type AnyLineage,
  gatewayKeys,
  lineagePaths,
  type LineageKind,
  type LineageOf,
} from '@/gateway/api/gateway-keys';

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
 * The lineage's newest version number, which every write to it sends as If-Match: the list row's
 * `latestVersion`, else (a row from elsewhere) the history, from the cache when the admin has seen it.
 */
export function useFetchNewestVersion(kind: LineageKind, tenantId: string) {
  const queryClient = useQueryClient();
  return async (row: AnyLineage): Promise<number | undefined> => {
    if (row.latestVersion !== undefined) return row.latestVersion;
    const page = await queryClient.fetchQuery(lineageHistoryQueryOptions(kind, tenantId, row.lineageId));
    return newestOf(page.rows);
  };
}

/** The highest version number of some versions of one lineage. */
export const newestOf = (versions: readonly AnyLineage[]): number | undefined =>
  versions.reduce<number | undefined>(
    (max, v) => Math.max(max ?? 0, v.latestVersion ?? v.version),
    undefined,
  );
