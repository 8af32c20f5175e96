import type { Change } from '@contract/changes';
import type { ProgressiveOptions } from '@contract/rollouts';
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
} & SwitchOptions;

/** How the switch moves traffic, and whether it forces past the health gate (global administrators). */
export type SwitchOptions = {
  progressive?: ProgressiveOptions;
  force?: boolean;
  forceReason?: string;
};

type SwitchChange = Extract<Change, { kind: `${string}_deployment.switch` }>;

/** A switch as a change: its body is what the endpoint takes. */
export function switchChange({ kind, id, ...fields }: SwitchDeploymentInput): SwitchChange {
  return kind === 'microfrontends'
    ? { kind: 'microfrontend_deployment.switch', body: { microfrontendId: id, ...fields } }
    : { kind: 'capability_deployment.switch', body: { capabilityId: id, ...fields } };
}

/**
 * POST /api/deployments/switch or /api/capability-deployments/switch: the live slot goes inactive, the
 * other live (or, progressive, a rollout starts at its first step); 409 unless one is live and one
 * inactive, when from/to are stale, or when the target slot is not healthy and the switch is not forced.
 * Answers the new rows.
 * (activatedBy is not sent: the server takes it from the session.)
 */
export function switchDeployment(input: SwitchDeploymentInput): Promise<SlotRow[]> {
  const url =
    input.kind === 'microfrontends' ? '/api/deployments/switch' : '/api/capability-deployments/switch';
  return sendJson<SlotRow[]>('POST', url, switchChange(input).body);
}

export const useSwitchDeployment = () => useSlotsMutation(switchDeployment);
