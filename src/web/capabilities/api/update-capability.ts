import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Capability, CapabilityPatch } from '@contract/capabilities';
import { sendJson } from '@/lib/api-client';
import { CAPABILITIES_PATH } from '@/capabilities/api/capability-keys';
import { capabilityQueryOptions } from '@/capabilities/api/get-capability';
import { invalidateCapabilities } from '@/capabilities/api/invalidate-capabilities';

/** PATCH /api/capabilities/{capabilityId}. */
export async function updateCapability({
  id,
  patch,
  ifMatch,
}: {
  id: string;
  patch: CapabilityPatch;
  /** The revision the form loaded; a stale one gets 412. */
  ifMatch?: number;
}): Promise<Capability> {
  return sendJson<Capability>('PATCH', `${CAPABILITIES_PATH}/${encodeURIComponent(id)}`, patch, { ifMatch });
}

export function useUpdateCapability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCapability,
    onSuccess: async (capability) => {
      queryClient.setQueryData(capabilityQueryOptions(capability.id).queryKey, capability);
      await invalidateCapabilities(queryClient);
    },
  });
}
