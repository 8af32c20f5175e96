import type { QueryClient } from '@tanstack/react-query';
import type { Environment, ResourceKind } from '@/deployments/lib/resource-kinds';
import { invalidateWritten } from '@/lib/resource-effects';

/**
 * The one place a deployment query key is built. Every key starts with `all`, which a 'deployment' live
 * event refreshes; health and rollouts sit under their slots' key, so a write that refreshes the slots
 * (a switch starting a rollout, a rollout action) refreshes them too.
 */
export const deploymentKeys = {
  all: ['deployments'] as const,
  slots: (kind: ResourceKind, id: string, environment: Environment) =>
    [...deploymentKeys.all, kind, id, environment] as const,
  health: (kind: ResourceKind, id: string, environment: Environment) =>
    [...deploymentKeys.slots(kind, id, environment), 'health'] as const,
  rollouts: (kind: ResourceKind, id: string, environment: Environment) =>
    [...deploymentKeys.slots(kind, id, environment), 'rollouts'] as const,
};

/** After a deploy, a switch or a rollout action: what a deployment write refreshes (src/web/lib/resource-effects.ts). */
export const invalidateDeployments = (queryClient: QueryClient): Promise<void> =>
  invalidateWritten(queryClient, 'deployment');
