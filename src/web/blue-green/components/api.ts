import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Environment, Slot } from '@contract/blue-green';
import type { Change } from '@contract/changes';
import type { ChangeApproval } from '@/changes';
import { sendJson } from '@/lib/api-client';

/**
 * What owns a blue-green config (a tenant or a capability): where its four endpoints live and which
 * cached query holds the owner, so that each reply updates the page in place.
 */
export interface BlueGreenTarget {
  /** e.g. /api/tenants/tenant-001 or /api/capabilities/api-007 */
  basePath: string;
  queryKey: QueryKey;
  /** The approval policy its switches and rollbacks follow (docs/requesting-changes.md); none: direct. */
  approval?: BlueGreenApproval;
}

/** The policy, and the change requests of the owner's switch, rollback and live slot version. */
export type BlueGreenApproval = ChangeApproval & {
  /** From the policy the card has read; false while it loads (the server still refuses with 409). */
  needsApproval: (environment: Environment) => boolean;
  switchChange: (body: BlueGreenBodies['switch']) => Change;
  rollbackChange: (body: BlueGreenBodies['rollback']) => Change;
  slotVersionChange: (body: BlueGreenBodies['update-environment-slot-version']) => Change;
};

export type BlueGreenBodies = {
  'toggle-environment-blue-green': { environment: Environment; enabled: boolean };
  'update-environment-slot-version': { environment: Environment; slot: Slot; version: string };
  switch: { environment: Environment; toVersion: string };
  rollback: { environment: Environment };
};
export type BlueGreenAction = keyof BlueGreenBodies;

/** Every blue-green endpoint answers with the new config as JSON text. */
export type BlueGreenReply = { blueGreenConfig: string };

/** POST {basePath}/{action} (docs/product.md, API calls). */
export function postBlueGreen<A extends BlueGreenAction>(
  target: BlueGreenTarget,
  action: A,
  body: BlueGreenBodies[A],
): Promise<BlueGreenReply> {
  return sendJson<BlueGreenReply>('POST', `${target.basePath}/${action}`, body);
}

/** A blue-green mutation whose reply replaces the cached owner's blueGreenConfig. */
export function useBlueGreenAction<A extends BlueGreenAction>(target: BlueGreenTarget, action: A) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BlueGreenBodies[A]) => postBlueGreen(target, action, body),
    onSuccess: ({ blueGreenConfig }) => {
      queryClient.setQueryData<{ blueGreenConfig: string | null }>(target.queryKey, (current) =>
        current ? { ...current, blueGreenConfig } : current,
      );
    },
  });
}
