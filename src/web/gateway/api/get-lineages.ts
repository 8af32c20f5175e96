import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getPage, type Page } from '@/lib/list-request';
import {
  gatewayKeys,
  lineagePaths,
  type LineageKind,
  type LineageListQuery,
  type LineageOf,
} from '@/gateway/api/gateway-keys';

/**
 * GET /api/tenants/:tenantId/gateway-routes (or opa-policies)?environment=&q=&sort=&limit=&offset=:
 * the current version of each lineage in one environment, one page and the total.
 */
export function getLineages<K extends LineageKind>(
  kind: K,
  tenantId: string,
  query: LineageListQuery<K>,
): Promise<Page<LineageOf<K>>> {
  return getPage<LineageOf<K>>(lineagePaths.collection(kind, tenantId), query);
}

export const lineagesQueryOptions = <K extends LineageKind>(
  kind: K,
  tenantId: string,
  query: LineageListQuery<K>,
) =>
  queryOptions({
    queryKey: gatewayKeys.list(kind, tenantId, query),
    queryFn: () => getLineages(kind, tenantId, query),
    // Keep the current rows on screen while the next page, sort or search loads.
    placeholderData: keepPreviousData,
  });

export function useLineages<K extends LineageKind>(kind: K, tenantId: string, query: LineageListQuery<K>) {
  return useQuery(lineagesQueryOptions(kind, tenantId, query));
}
