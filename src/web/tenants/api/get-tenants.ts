import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tenant } from '@contract/tenants';
import { getJson } from '@/lib/api-client';

export const TENANTS_PATH = '/api/tenants';

/** GET /api/tenants: the tenants the signed-in user may see (all of them for administrators). */
export function getTenants(): Promise<Tenant[]> {
  return getJson<Tenant[]>(TENANTS_PATH);
}

export const tenantsQueryOptions = () => queryOptions({ queryKey: [TENANTS_PATH], queryFn: getTenants });

export function useTenants() {
  return useQuery(tenantsQueryOptions());
}
