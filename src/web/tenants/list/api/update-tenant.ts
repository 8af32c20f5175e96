import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tenant, TenantPatch } from '@contract/tenants';
import { apiRequest } from '@/lib/api-client';
import { TENANTS_PATH } from '@/tenants/api/get-tenants';
import { invalidateTenantReads } from '@/tenants/list/api/get-tenant-list';

/** PATCH /api/tenants/{id}: details (Edit) or infrastructure (Configure IDP & Auth). */
export async function patchTenant({
  id,
  patch,
  ifMatch,
}: {
  id: string;
  patch: TenantPatch;
  /** The revision the form loaded; a stale one gets 412. */
  ifMatch?: number;
}): Promise<Tenant> {
  const res = await apiRequest('PATCH', `${TENANTS_PATH}/${encodeURIComponent(id)}`, patch, { ifMatch });
  return (await res.json()) as Tenant;
}

export function usePatchTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchTenant,
    onSuccess: () => invalidateTenantReads(queryClient),
  });
}
