import type { Environment, ResourceKind } from '@/deployments/lib/resource-kinds';

/** The one place a deployment query key is built. */
export const deploymentKeys = {
  all: ['deployments'] as const,
  slots: (kind: ResourceKind, id: string, environment: Environment) =>
    [...deploymentKeys.all, kind, id, environment] as const,
};
