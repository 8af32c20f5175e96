import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import {
  invalidateLineages,
  lineagePaths,
  type CreateBodyOf,
  type LineageKind,
  type LineageOf,
} from '@/gateway/api/gateway-keys';

/** POST /api/tenants/:tenantId/gateway-routes (or opa-policies): a new lineage, its version 1 active. */
export async function createLineage<K extends LineageKind>(
  kind: K,
  tenantId: string,
  body: CreateBodyOf<K>,
): Promise<LineageOf<K>> {
  const res = await apiRequest('POST', lineagePaths.collection(kind, tenantId), body);
  return (await res.json()) as LineageOf<K>;
}

export function useCreateLineage<K extends LineageKind>(kind: K, tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBodyOf<K>) => createLineage(kind, tenantId, body),
    onSuccess: () => invalidateLineages(queryClient, kind, tenantId),
  });
}
