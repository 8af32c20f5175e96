import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { tenantDeletionSchema } from '@contract/tenants';
import { apiRequest } from '@/lib/api-client';
import { TENANTS_PATH, invalidateTenants, tenantKeys } from '@/tenants/api/tenant-keys';

export type TenantDeletion = z.infer<typeof tenantDeletionSchema>;

/** DELETE /api/tenants/{id}: removes it with its web apps, profiles, subscriptions and meshes; answers the counts. */
export async function deleteTenant(id: string): Promise<TenantDeletion> {
  const res = await apiRequest('DELETE', `${TENANTS_PATH}/${encodeURIComponent(id)}`);
  return (await res.json()) as TenantDeletion;
}

export function useDeleteTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTenant,
    onSuccess: async (_data, id) => {
      // Not refetched: it is gone.
      queryClient.removeQueries({ queryKey: tenantKeys.detail(id) });
      await invalidateTenants(queryClient);
    },
  });
}
