import type { Environment } from '@contract/blue-green';
import { postBlueGreen, useBlueGreenMutation } from '@/capabilities/api/blue-green-reply';

export type RollbackBody = { environment: Environment };

/** POST /api/capabilities/{id}/rollback: back to the previous slot. */
export const rollback = (capabilityId: string, body: RollbackBody) =>
  postBlueGreen(capabilityId, 'rollback', body);

export const useRollback = (capabilityId: string) => useBlueGreenMutation(capabilityId, rollback);
