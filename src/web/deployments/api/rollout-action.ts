import type { Change } from '@contract/changes';
import type { Rollout, RolloutAction } from '@contract/rollouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deploymentKeys, invalidateDeployments } from '@/deployments/api/deployment-keys';
import type { Environment, ResourceKind } from '@/deployments/lib/resource-kinds';
import { sendJson } from '@/lib/api-client';

export type RolloutActionInput = {
  kind: ResourceKind;
  id: string;
  environment: Environment;
  rolloutId: string;
  action: RolloutAction;
  reason?: string;
};

/** A rollout action as a change (kind `deployment_rollout.action`, docs/rollouts.md). */
export function rolloutActionChange({ rolloutId, action, reason }: RolloutActionInput): Change {
  return { kind: 'deployment_rollout.action', body: { rolloutId, action, reason } };
}

/** POST /api/rollouts/action: pause, resume, promote or abort; answers the rollout (409 when it moved on). */
export function runRolloutAction({ rolloutId, action, reason }: RolloutActionInput): Promise<Rollout> {
  return sendJson<Rollout>('POST', '/api/rollouts/action', { rolloutId, action, reason });
}

/** An action moves traffic: the slots, their health and the rollouts refresh after it, refused or not. */
export function useRolloutAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runRolloutAction,
    onSettled: (rollout, _error, { kind, id, environment }) =>
      rollout
        ? invalidateDeployments(queryClient)
        : queryClient.invalidateQueries({ queryKey: deploymentKeys.slots(kind, id, environment) }),
  });
}
