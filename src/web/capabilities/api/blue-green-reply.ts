import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Capability } from '@contract/capabilities';
import { apiRequest } from '@/lib/api-client';
import { CAPABILITIES_PATH } from '@/capabilities/api/get-capabilities';
import { capabilityQueryOptions } from '@/capabilities/api/get-capability';

/** Every blue-green endpoint answers with the new config as JSON text. */
export type BlueGreenReply = { blueGreenConfig: string };

/** POST /api/capabilities/{id}/{action}; shared by the four blue-green endpoint modules. */
export async function postBlueGreen(
  capabilityId: string,
  action: string,
  body: unknown,
): Promise<BlueGreenReply> {
  const res = await apiRequest(
    'POST',
    `${CAPABILITIES_PATH}/${encodeURIComponent(capabilityId)}/${action}`,
    body,
  );
  return (await res.json()) as BlueGreenReply;
}

/** A mutation whose reply replaces the cached capability's blueGreenConfig. */
export function useBlueGreenMutation<TBody>(
  capabilityId: string,
  fn: (id: string, body: TBody) => Promise<BlueGreenReply>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody) => fn(capabilityId, body),
    onSuccess: ({ blueGreenConfig }) => {
      queryClient.setQueryData<Capability>(capabilityQueryOptions(capabilityId).queryKey, (current) =>
        current ? { ...current, blueGreenConfig } : current,
      );
    },
  });
}
