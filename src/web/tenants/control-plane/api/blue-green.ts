import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Environment, Slot } from '@contract/blue-green';
import type { Tenant } from '@contract/tenants';
import { apiRequest } from '@/lib/api-client';
import { TENANTS_PATH } from '@/tenants/api/get-tenants';
import { tenantQueryOptions } from '@/tenants/control-plane/api/get-tenant';

/** Every tenant blue-green endpoint answers with the new config as JSON text. */
export type BlueGreenReply = { blueGreenConfig: string };

export type BlueGreenBodies = {
  'toggle-environment-blue-green': { environment: Environment; enabled: boolean };
  'update-environment-slot-version': { environment: Environment; slot: Slot; version: string };
  switch: { environment: Environment; toVersion: string };
  rollback: { environment: Environment };
};
export type BlueGreenAction = keyof BlueGreenBodies;

/** POST /api/tenants/{tenantId}/{action} for the four blue-green endpoints of SPEC.md section 7. */
export async function postTenantBlueGreen<A extends BlueGreenAction>(
  tenantId: string,
  action: A,
  body: BlueGreenBodies[A],
): Promise<BlueGreenReply> {
  const res = await apiRequest('POST', `${TENANTS_PATH}/${encodeURIComponent(tenantId)}/${action}`, body);
  return (await res.json()) as BlueGreenReply;
}

/** A blue-green mutation whose reply replaces the cached tenant's blueGreenConfig. */
export function useTenantBlueGreen<A extends BlueGreenAction>(tenantId: string, action: A) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BlueGreenBodies[A]) => postTenantBlueGreen(tenantId, action, body),
    onSuccess: ({ blueGreenConfig }) => {
      queryClient.setQueryData<Tenant>(tenantQueryOptions(tenantId).queryKey, (current) =>
        current ? { ...current, blueGreenConfig } : current,
      );
    },
  });
}

export const useToggleBlueGreen = (tenantId: string) =>
  useTenantBlueGreen(tenantId, 'toggle-environment-blue-green');
export const useUpdateSlotVersion = (tenantId: string) =>
  useTenantBlueGreen(tenantId, 'update-environment-slot-version');
export const useSwitchSlot = (tenantId: string) => useTenantBlueGreen(tenantId, 'switch');
export const useRollback = (tenantId: string) => useTenantBlueGreen(tenantId, 'rollback');
