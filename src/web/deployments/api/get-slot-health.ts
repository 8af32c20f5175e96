import type { HealthResult } from '@contract/rollouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { deploymentKeys } from '@/deployments/api/deployment-keys';
import { slotOwnerKind, type Environment, type ResourceKind } from '@/deployments/lib/resource-kinds';
import { getJson } from '@/lib/api-client';

/** Not every probe emits a live event (a passing probe of a healthy slot changes nothing): poll too. */
export const HEALTH_REFETCH_MS = 15_000;

/**
 * GET /api/deployment-health/{resourceType}/{id}/environment/{env}: both slots' recent probes, newest
 * first (up to HEALTH_HISTORY_LIMIT a slot).
 */
export const slotHealthQueryOptions = (kind: ResourceKind, id: string, environment: Environment) =>
  queryOptions({
    queryKey: deploymentKeys.health(kind, id, environment),
    queryFn: () =>
      getJson<HealthResult[]>(
        `/api/deployment-health/${slotOwnerKind[kind]}/${encodeURIComponent(id)}/environment/${environment}`,
      ),
    refetchInterval: HEALTH_REFETCH_MS,
  });

export function useSlotHealth(kind: ResourceKind, id: string | undefined, environment: Environment) {
  return useQuery({ ...slotHealthQueryOptions(kind, id ?? '', environment), enabled: !!id });
}
