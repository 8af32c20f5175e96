import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tenant, TenantPatch } from '@contract/tenants';
import { sendJson } from '@/lib/api-client';
import { TENANTS_PATH, invalidateTenants, tenantKeys } from '@/tenants/api/tenant-keys';

/**
 * PATCH /api/tenants/{tenantId}: answers the saved tenant. `ifMatch` is the revision the form loaded; a
 * stale one gets 412 (docs/concurrency.md).
 */
export async function updateTenant(tenantId: string, patch: TenantPatch, ifMatch?: number): Promise<Tenant> {
  return sendJson<Tenant>('PATCH', `${TENANTS_PATH}/${encodeURIComponent(tenantId)}`, patch, {
    ifMatch,
  });
}

function useSaveTenant() {
  const queryClient = useQueryClient();
  return (saved: Tenant) => {
    queryClient.setQueryData(tenantKeys.detail(saved.id), saved);
    // Not awaited: the control plane's cards are keyed by the saved values and remount on the new data,
    // so a caller's mutate(..., { onSuccess }) must run before the refetches settle, or it never runs.
    void invalidateTenants(queryClient);
  };
}

/** Saves one tenant's fields (control plane cards). */
export function useUpdateTenant(tenantId: string) {
  const onSaved = useSaveTenant();
  return useMutation({
    mutationFn: ({ patch, ifMatch }: { patch: TenantPatch; ifMatch?: number }) =>
      updateTenant(tenantId, patch, ifMatch),
    onSuccess: onSaved,
  });
}

/** Saves any tenant's fields (the Tenants page dialogs, which hold the tenant in their variables). */
export function usePatchTenant() {
  const onSaved = useSaveTenant();
  return useMutation({
    mutationFn: ({ id, patch, ifMatch }: { id: string; patch: TenantPatch; ifMatch?: number }) =>
      updateTenant(id, patch, ifMatch),
    onSuccess: onSaved,
  });
}
