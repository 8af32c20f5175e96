import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Tenant } from '@contract/tenants';
import { apiRequest } from '@/lib/api-client';
import { TENANTS_PATH } from '@/tenants/api/get-tenants';

const TOTAL_COUNT_HEADER = 'X-Total-Count';
/**
 * Other screens' reads a tenant change affects, by the keys of their endpoints (GET /api/overview counts
 * tenants; GET /api/web-apps and /api/user-profiles lose a deleted tenant's rows).
 */
const AFFECTED_QUERY_KEYS = [['/api/overview'], ['/api/web-apps'], ['/api/user-profiles']];

/** Search by name or owner and status filter of GET /api/tenants; empty ones are not sent. */
export type TenantListParams = { q?: string; status?: string };
export type TenantList = { tenants: Tenant[]; total: number };

export function tenantListSearch({ q, status }: TenantListParams): string {
  const search = new URLSearchParams();
  if (q?.trim()) search.set('q', q.trim());
  if (status?.trim()) search.set('status', status.trim());
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** GET /api/tenants?q=&status=: the matching tenants and their total (X-Total-Count). */
export async function getTenantList(params: TenantListParams): Promise<TenantList> {
  const res = await apiRequest('GET', `${TENANTS_PATH}${tenantListSearch(params)}`);
  const tenants = (await res.json()) as Tenant[];
  const total = Number(res.headers.get(TOTAL_COUNT_HEADER));
  return {
    tenants,
    total: res.headers.has(TOTAL_COUNT_HEADER) && Number.isFinite(total) ? total : tenants.length,
  };
}

export const tenantListQueryOptions = (params: TenantListParams) =>
  queryOptions({
    queryKey: [TENANTS_PATH, 'list', params],
    queryFn: () => getTenantList(params),
    // Keep the current cards on screen while a new search loads.
    placeholderData: keepPreviousData,
  });

export function useTenantList(params: TenantListParams) {
  return useQuery(tenantListQueryOptions(params));
}

/** After a create, edit or delete: every tenant read (lists, selects, control plane) and the affected ones. */
export async function invalidateTenantReads(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [TENANTS_PATH] }),
    ...AFFECTED_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ]);
}
