import type { Environment } from '@contract/blue-green';
import { postBlueGreen, useBlueGreenMutation } from '@/capabilities/api/blue-green-reply';

export type ToggleBlueGreenBody = { environment: Environment; enabled: boolean };

/** POST /api/capabilities/{id}/toggle-environment-blue-green. */
export const toggleBlueGreen = (capabilityId: string, body: ToggleBlueGreenBody) =>
  postBlueGreen(capabilityId, 'toggle-environment-blue-green', body);

export const useToggleBlueGreen = (capabilityId: string) =>
  useBlueGreenMutation(capabilityId, toggleBlueGreen);
