import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Capability, CapabilityInput } from '@contract/capabilities';
import { sendJson } from '@/lib/api-client';
import { CAPABILITIES_PATH } from '@/capabilities/api/capability-keys';
import { capabilityQueryOptions } from '@/capabilities/api/get-capability';
import { invalidateCapabilities } from '@/capabilities/api/invalidate-capabilities';

/** POST /api/capabilities: the server assigns the next api-NNN id. */
export async function createCapability(input: CapabilityInput): Promise<Capability> {
  return sendJson<Capability>('POST', CAPABILITIES_PATH, input);
}

export function useCreateCapability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCapability,
    onSuccess: async (capability) => {
      queryClient.setQueryData(capabilityQueryOptions(capability.id).queryKey, capability);
      await invalidateCapabilities(queryClient);
    },
  });
}
