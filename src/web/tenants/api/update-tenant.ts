import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tenant, TenantPatch } from '@contract/tenants';
import { apiRequest } from '@/lib/api-client';
import { TENANTS_PATH, invalidateTenants, tenantKeys } from '@/tenants/api/tenant-keys';

/** PATCH /api/tenants/{tenantId}: answers the saved tenant (overrides the server dropped included). */
export async function updateTenant(tenantId: string, patch: TenantPatch): Promise<Tenant> {
  const res = await apiRequest('PATCH', `${TENANTS_PATH}/${encodeURIComponent(tenantId)}`, patch);
  return (await res.json()) as Tenant;
}

function useSaveTenant() {
  const queryClient = useQueryClient();
  return async (saved: Tenant) => {
    queryClient.setQueryData(tenantKeys.detail(saved.id), saved);
    await invalidateTenants(queryClient);
  };
}

/** Saves one tenant's fields (control plane cards). */
export function useUpdateTenant(tenantId: string) {
  const onSaved = useSaveTenant();
  return useMutation({
    mutationFn: (patch: TenantPatch) => updateTenant(tenantId, patch),
    onSuccess: onSaved,
  });
}

/** Saves any tenant's fields (the Tenants page dialogs, which hold the tenant in their variables). */
export function usePatchTenant() {
  const onSaved = useSaveTenant();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: TenantPatch }) => updateTenant(id, patch),
    onSuccess: onSaved,
  });
}
