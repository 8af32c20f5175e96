import type { Change } from '@contract/changes';
import { useSlotsMutation } from '@/deployments/api/get-deployments';
import type { Environment, ResourceKind } from '@/deployments/lib/resource-kinds';
import type { SlotName, SlotRow } from '@/deployments/lib/slots';
import { sendJson } from '@/lib/api-client';

export type SwitchDeploymentInput = {
  kind: ResourceKind;
  id: string;
  environment: Environment;
  fromSlot: SlotName;
  toSlot: SlotName;
};

type SwitchChange = Extract<Change, { kind: `${string}_deployment.switch` }>;

/** A switch as a change: its body is what the endpoint takes. */
export function switchChange({
  kind,
  id,
  environment,
  fromSlot,
  toSlot,
}: SwitchDeploymentInput): SwitchChange {
  return kind === 'microfrontends'
    ? {
        kind: 'microfrontend_deployment.switch',
        body: { microfrontendId: id, environment, fromSlot, toSlot },
      }
    : { kind: 'capability_deployment.switch', body: { capabilityId: id, environment, fromSlot, toSlot } };
}

/**
 * POST /api/deployments/switch or /api/capability-deployments/switch: the live slot goes inactive, the
 * other live; 409 unless one is live and one inactive, or when from/to are stale. Answers the new rows.
 * (activatedBy is not sent: the server takes it from the session.)
 */
export function switchDeployment(input: SwitchDeploymentInput): Promise<SlotRow[]> {
  const url =
    input.kind === 'microfrontends' ? '/api/deployments/switch' : '/api/capability-deployments/switch';
  return sendJson<SlotRow[]>('POST', url, switchChange(input).body);
}

export const useSwitchDeployment = () => useSlotsMutation(switchDeployment);
