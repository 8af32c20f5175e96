import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tenant, TenantInput } from '@contract/tenants';
import { sendJson } from '@/lib/api-client';
import { TENANTS_PATH, invalidateTenants } from '@/tenants/api/tenant-keys';

/** POST /api/tenants (administrators): 201 with the new tenant. */
export async function createTenant(input: TenantInput): Promise<Tenant> {
  return sendJson<Tenant>('POST', TENANTS_PATH, input);
}

export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTenant,
    onSuccess: () => invalidateTenants(queryClient),
  });
}
