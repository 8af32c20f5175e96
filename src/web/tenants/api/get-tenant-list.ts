import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SortValue, tenantSortFields } from '@contract/lists';
import type { Tenant } from '@contract/tenants';
import { getPage, type Page } from '@/lib/list-request';
import { TENANTS_PATH, tenantKeys } from '@/tenants/api/tenant-keys';

export type TenantSortField = (typeof tenantSortFields)[number];

/** GET /api/tenants?q=&status=&sort=&limit=&offset= (src/contract/lists.ts); empty values are not sent. */
export type TenantListQuery = {
  q?: string;
  status?: string;
  sort?: SortValue<TenantSortField>;
  limit?: number;
  offset?: number;
};

/** One page of tenants and the total matching (X-Total-Count). */
export function getTenantList(query: TenantListQuery): Promise<Page<Tenant>> {
  return getPage<Tenant>(TENANTS_PATH, query);
}

export const tenantListQueryOptions = (query: TenantListQuery) =>
  queryOptions({
    queryKey: tenantKeys.list(query),
    queryFn: () => getTenantList(query),
    // Keep the current cards on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });

export function useTenantList(query: TenantListQuery) {
  return useQuery(tenantListQueryOptions(query));
}
