import type { healthCheckSettingsBodySchema } from '@contract/deployments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { deploymentKeys } from '@/deployments/api/deployment-keys';
import { slotOwnerKind, type Environment, type ResourceKind } from '@/deployments/lib/resource-kinds';
import type { SlotName } from '@/deployments/lib/slots';
import { apiRequest } from '@/lib/api-client';

export type HealthCheckInput = {
  kind: ResourceKind;
  id: string;
  environment: Environment;
  slot: SlotName;
  healthCheckUrl: string | null;
  healthCheckIntervalSeconds: number | null;
};

type HealthCheckBody = z.input<typeof healthCheckSettingsBodySchema>;

/** PUT /api/deployment-health-checks (administrators): set or clear a slot's health check; 204. */
export async function setHealthCheck({ kind, id, ...settings }: HealthCheckInput): Promise<void> {
  const body: HealthCheckBody = { resourceType: slotOwnerKind[kind], resourceId: id, ...settings };
  await apiRequest('PUT', '/api/deployment-health-checks', body);
}

/** The slot rows (URL, interval) and the probes change: both refresh. */
export function useSetHealthCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setHealthCheck,
    onSuccess: (_nothing, { kind, id, environment }) =>
      queryClient.invalidateQueries({ queryKey: deploymentKeys.slots(kind, id, environment) }),
  });
}
