import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Change } from '@contract/changes';
import { deploymentsQueryOptions } from '@/deployments/api/get-deployments';
import type { Environment } from '@/deployments/lib/resource-kinds';
import type { SlotRow } from '@/deployments/lib/slots';
import { apiRequest } from '@/lib/api-client';

/** A microfrontend's published version, or a capability's version (and optional endpoint). */
export type DeployInput =
  | { kind: 'microfrontends'; id: string; environment: Environment; versionId: string }
  | { kind: 'capabilities'; id: string; environment: Environment; version: string; endpoint: string | null };

type DeployChange = Extract<Change, { kind: `${string}_deployment.deploy` }>;

/** A deployment as a change: its body is what the endpoint takes (an environment's first goes live). */
export function deployChange(input: DeployInput): DeployChange {
  return input.kind === 'microfrontends'
    ? {
        kind: 'microfrontend_deployment.deploy',
        body: { microfrontendId: input.id, environment: input.environment, versionId: input.versionId },
      }
    : {
        kind: 'capability_deployment.deploy',
        body: {
          capabilityId: input.id,
          environment: input.environment,
          version: input.version,
          endpoint: input.endpoint,
        },
      };
}

/**
 * POST /api/deployments/deploy or /api/capability-deployments/deploy: the idle slot gets the version,
 * inactive with health unknown (the first deployment of an environment goes live). Answers the new rows.
 */
export async function deployToIdleSlot(input: DeployInput): Promise<SlotRow[]> {
  const path =
    input.kind === 'microfrontends' ? '/api/deployments/deploy' : '/api/capability-deployments/deploy';
  const res = await apiRequest('POST', path, deployChange(input).body);
  return (await res.json()) as SlotRow[];
}

export function useDeployToIdleSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deployToIdleSlot,
    onSettled: (rows, _error, { kind, id, environment }) => {
      const { queryKey } = deploymentsQueryOptions(kind, id, environment);
      if (rows) queryClient.setQueryData(queryKey, rows);
      return queryClient.invalidateQueries({ queryKey });
    },
  });
}
