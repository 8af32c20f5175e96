import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { CAPABILITIES_PATH } from '@/capabilities/api/capability-keys';
import { capabilityQueryOptions } from '@/capabilities/api/get-capability';
import { invalidateCapabilities } from '@/capabilities/api/invalidate-capabilities';

/** DELETE /api/capabilities/{capabilityId}: 409 while a tenant subscribes to it. */
export async function deleteCapability(id: string, ifMatch?: number): Promise<void> {
  await apiRequest('DELETE', `${CAPABILITIES_PATH}/${encodeURIComponent(id)}`, undefined, { ifMatch });
}

export function useDeleteCapability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ifMatch }: { id: string; ifMatch?: number }) => deleteCapability(id, ifMatch),
    onSuccess: async (_data, { id }) => {
      // Its page and templates are gone: drop them rather than refetch a 404.
      queryClient.removeQueries({ queryKey: capabilityQueryOptions(id).queryKey });
      await invalidateCapabilities(queryClient);
    },
  });
}
