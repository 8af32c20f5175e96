import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { tenantDeletionSchema } from '@contract/tenants';
import { sendJson } from '@/lib/api-client';
import { TENANTS_PATH, invalidateTenants, tenantKeys } from '@/tenants/api/tenant-keys';

export type TenantDeletion = z.infer<typeof tenantDeletionSchema>;

/** DELETE /api/tenants/{id}: removes it with its web apps, profiles, subscriptions and meshes; answers the counts. */
export async function deleteTenant(id: string, ifMatch?: number): Promise<TenantDeletion> {
  return sendJson<TenantDeletion>('DELETE', `${TENANTS_PATH}/${encodeURIComponent(id)}`, undefined, {
    ifMatch,
  });
}

export function useDeleteTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ifMatch }: { id: string; ifMatch?: number }) => deleteTenant(id, ifMatch),
    onSuccess: async (_data, { id }) => {
      // Not refetched: it is gone; and with it every read of its children (routes, versions, web apps).
      queryClient.removeQueries({ queryKey: tenantKeys.detail(id) });
      await invalidateTenants(queryClient, 'tenant.delete');
    },
  });
}
