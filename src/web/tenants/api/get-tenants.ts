import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tenant } from '@contract/tenants';
import { getJson } from '@/lib/api-client';
import { TENANTS_PATH, tenantKeys } from '@/tenants/api/tenant-keys';

export { TENANTS_PATH };

/**
 * GET /api/tenants without paging: the tenants the signed-in user may see, as far as the server's
 * default page goes. For pickers use the options endpoint (useTenantOptions); for names, useTenantNames.
 */
export function getTenants(): Promise<Tenant[]> {
  return getJson<Tenant[]>(TENANTS_PATH);
}

export const tenantsQueryOptions = () =>
  queryOptions({ queryKey: tenantKeys.everyTenant(), queryFn: getTenants });

export function useTenants() {
  return useQuery(tenantsQueryOptions());
}
