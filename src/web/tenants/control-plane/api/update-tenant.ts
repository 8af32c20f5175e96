import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tenant, TenantPatch } from '@contract/tenants';
import { apiRequest } from '@/lib/api-client';
import { TENANTS_PATH } from '@/tenants/api/get-tenants';
import { tenantQueryOptions } from '@/tenants/control-plane/api/get-tenant';

/** PATCH /api/tenants/{tenantId}: answers the saved tenant (overrides the server dropped included). */
export async function updateTenant(tenantId: string, patch: TenantPatch, ifMatch?: number): Promise<Tenant> {
  const res = await apiRequest('PATCH', `${TENANTS_PATH}/${encodeURIComponent(tenantId)}`, patch, {
    ifMatch,
  });
  return (await res.json()) as Tenant;
}

export function useUpdateTenant(tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ patch, ifMatch }: { patch: TenantPatch; ifMatch?: number }) =>
      updateTenant(tenantId, patch, ifMatch),
    onSuccess: (saved) => {
      queryClient.setQueryData(tenantQueryOptions(tenantId).queryKey, saved);
      // The Tenants list shows some of these fields; refetch it when next shown.
      void queryClient.invalidateQueries({ queryKey: [TENANTS_PATH], exact: true });
    },
  });
}
