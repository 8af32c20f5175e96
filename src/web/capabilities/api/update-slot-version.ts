import type { Environment, Slot } from '@contract/blue-green';
import { postBlueGreen, useBlueGreenMutation } from '@/capabilities/api/blue-green-reply';

export type SlotVersionBody = { environment: Environment; slot: Slot; version: string };

/** POST /api/capabilities/{id}/update-environment-slot-version. */
export const updateSlotVersion = (capabilityId: string, body: SlotVersionBody) =>
  postBlueGreen(capabilityId, 'update-environment-slot-version', body);

export const useUpdateSlotVersion = (capabilityId: string) =>
  useBlueGreenMutation(capabilityId, updateSlotVersion);
