import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Environment, ResourceKind } from '@/deployments/lib/resource-kinds';
import type { SlotRow } from '@/deployments/lib/slots';
import { getJson } from '@/lib/api-client';
import { deploymentKeys, invalidateDeployments } from '@/deployments/api/deployment-keys';

const SLOTS_PATH: Record<ResourceKind, string> = {
  microfrontends: '/api/deployments/microfrontend',
  capabilities: '/api/capability-deployments/capability',
};

/**
 * GET /api/deployments/microfrontend/{id}/environment/{env} or
 * /api/capability-deployments/capability/{id}/environment/{env}: the blue and green slot rows.
 */
export const deploymentsQueryOptions = (kind: ResourceKind, id: string, environment: Environment) =>
  queryOptions({
    queryKey: deploymentKeys.slots(kind, id, environment),
    queryFn: () =>
      getJson<SlotRow[]>(`${SLOTS_PATH[kind]}/${encodeURIComponent(id)}/environment/${environment}`),
  });

export function useDeployments(kind: ResourceKind, id: string | undefined, environment: Environment) {
  return useQuery({ ...deploymentsQueryOptions(kind, id ?? '', environment), enabled: !!id });
}

/** The resource and environment a write on its slots is about. */
type SlotsOf = { kind: ResourceKind; id: string; environment: Environment };

/**
 * A write that answers the resource's new slot rows: they replace the cached ones, and a refetch follows
 * (after a refusal too: a stale page or a concurrent switch), so the cards show the truth; after a write,
 * with everything else a deployment write refreshes (src/web/lib/resource-effects.ts).
 */
export function useSlotsMutation<I extends SlotsOf>(mutationFn: (input: I) => Promise<SlotRow[]>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: (rows, _error, { kind, id, environment }) => {
      const { queryKey } = deploymentsQueryOptions(kind, id, environment);
      if (!rows) return queryClient.invalidateQueries({ queryKey });
      queryClient.setQueryData(queryKey, rows);
      return invalidateDeployments(queryClient);
    },
  });
}
