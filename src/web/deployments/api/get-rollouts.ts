import type { Rollout } from '@contract/rollouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { deploymentKeys } from '@/deployments/api/deployment-keys';
import { slotOwnerKind, type Environment, type ResourceKind } from '@/deployments/lib/resource-kinds';
import { currentRollout } from '@/deployments/lib/rollouts';
import { getJson } from '@/lib/api-client';

/** Each step's audit event refreshes the list live; the poll covers a missed event while one runs. */
const ACTIVE_ROLLOUT_REFETCH_MS = 15_000;

/**
 * GET /api/rollouts/{resourceType}/{id}/environment/{env}: up to 10 rollouts, newest first; the first is
 * current while it is running, paused or watching.
 */
export const rolloutsQueryOptions = (kind: ResourceKind, id: string, environment: Environment) =>
  queryOptions({
    queryKey: deploymentKeys.rollouts(kind, id, environment),
    queryFn: () =>
      getJson<Rollout[]>(
        `/api/rollouts/${slotOwnerKind[kind]}/${encodeURIComponent(id)}/environment/${environment}`,
      ),
    refetchInterval: (query) => (currentRollout(query.state.data) ? ACTIVE_ROLLOUT_REFETCH_MS : false),
  });

export function useRollouts(kind: ResourceKind, id: string | undefined, environment: Environment) {
  return useQuery({ ...rolloutsQueryOptions(kind, id ?? '', environment), enabled: !!id });
}
