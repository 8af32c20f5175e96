import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deploymentsQueryOptions } from '@/deployments/api/get-deployments';
import type { Environment, ResourceKind } from '@/deployments/lib/resource-kinds';
import type { SlotName, SlotRow } from '@/deployments/lib/slots';
import { apiRequest } from '@/lib/api-client';

export type SwitchDeploymentInput = {
  kind: ResourceKind;
  id: string;
  environment: Environment;
  fromSlot: SlotName;
  toSlot: SlotName;
};

/**
 * POST /api/deployments/switch or /api/capability-deployments/switch: the live slot goes inactive, the
 * other live; 409 unless one is live and one inactive, or when from/to are stale. Answers the new rows.
 * (activatedBy is not sent: the server takes it from the session.)
 */
export async function switchDeployment({
  kind,
  id,
  environment,
  fromSlot,
  toSlot,
}: SwitchDeploymentInput): Promise<SlotRow[]> {
  const body =
    kind === 'microfrontends'
      ? { microfrontendId: id, environment, fromSlot, toSlot }
      : { capabilityId: id, environment, fromSlot, toSlot };
  const url = kind === 'microfrontends' ? '/api/deployments/switch' : '/api/capability-deployments/switch';
  const res = await apiRequest('POST', url, body);
  return (await res.json()) as SlotRow[];
}

export function useSwitchDeployment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchDeployment,
    // A refusal (stale page, concurrent switch) also refreshes, so the cards show the truth.
    onSettled: (rows, _error, { kind, id, environment }) => {
      const { queryKey } = deploymentsQueryOptions(kind, id, environment);
      if (rows) queryClient.setQueryData(queryKey, rows);
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
