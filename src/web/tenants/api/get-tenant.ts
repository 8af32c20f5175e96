import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tenant } from '@contract/tenants';
import type { LiveResource } from '@/concurrency';
import { getJson } from '@/lib/api-client';
import { TENANTS_PATH, tenantKeys } from '@/tenants/api/tenant-keys';

/** GET /api/tenants/{tenantId}: one tenant (404 'Tenant not found'). */
export function getTenant(tenantId: string): Promise<Tenant> {
  return getJson<Tenant>(`${TENANTS_PATH}/${encodeURIComponent(tenantId)}`);
}

/** How a tenant edit form follows its tenant live (docs/live-console.md). */
export const tenantLive: LiveResource<Tenant> = { resourceType: 'tenant', fetchCurrent: getTenant };

export const tenantQueryOptions = (tenantId: string) =>
  queryOptions({ queryKey: tenantKeys.detail(tenantId), queryFn: () => getTenant(tenantId) });

export function useTenant(tenantId: string) {
  return useQuery(tenantQueryOptions(tenantId));
}
