import { tenantSortFields } from '@contract/list-conventions';
import { useListUrlState, type ListUrlState } from '@/hooks/use-list-url-state';
import type { TenantSortField } from '@/tenants/api/get-tenant-list';

const filters = ['status'] as const;

export type TenantsView = ListUrlState<TenantSortField, (typeof filters)[number]>;

/** The Tenants page's search, status filter, sort and page, in the URL; newest first by default. */
export function useTenantsView(): TenantsView {
  return useListUrlState({ sortFields: tenantSortFields, defaultSort: '-createdAt', filters });
}
