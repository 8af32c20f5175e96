import type { Environment } from '@contract/blue-green';
import { postBlueGreen, useBlueGreenMutation } from '@/capabilities/api/blue-green-reply';

export type SwitchSlotBody = { environment: Environment; toVersion: string };

/** POST /api/capabilities/{id}/switch: the other slot goes live with toVersion. */
export const switchSlot = (capabilityId: string, body: SwitchSlotBody) =>
  postBlueGreen(capabilityId, 'switch', body);

export const useSwitchSlot = (capabilityId: string) => useBlueGreenMutation(capabilityId, switchSlot);
