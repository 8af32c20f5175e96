import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Tenant } from '@contract/tenants';
import { getPage, type Page } from '@/lib/list-request';
import type { TenantListQuery } from '@/tenants/api/tenant-list-query';
import { TENANTS_PATH, tenantKeys } from '@/tenants/api/tenant-keys';

export type { TenantSortField, TenantListQuery } from '@/tenants/api/tenant-list-query';

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
