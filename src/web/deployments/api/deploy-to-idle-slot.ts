import type { Change } from '@contract/changes';
import { useSlotsMutation } from '@/deployments/api/get-deployments';
import type { Environment } from '@/deployments/lib/resource-kinds';
import type { SlotRow } from '@/deployments/lib/slots';
import { sendJson } from '@/lib/api-client';

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
export function deployToIdleSlot(input: DeployInput): Promise<SlotRow[]> {
  const path =
    input.kind === 'microfrontends' ? '/api/deployments/deploy' : '/api/capability-deployments/deploy';
  return sendJson<SlotRow[]>('POST', path, deployChange(input).body);
}

export const useDeployToIdleSlot = () => useSlotsMutation(deployToIdleSlot);
