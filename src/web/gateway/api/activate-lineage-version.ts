import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import {
  invalidateLineages,
  lineagePaths,
  type LineageKind,
  type LineageOf,
} from '@/gateway/api/gateway-keys';

export type ActivateInput = { versionId: string; ifMatch: number | undefined };

/**
 * POST .../versions/:versionId/activate: this version becomes the lineage's active one (an older one
 * to switch back, the newest of a disabled lineage to enable it again).
 */
export async function activateLineageVersion<K extends LineageKind>(
  kind: K,
  tenantId: string,
  { versionId, ifMatch }: ActivateInput,
): Promise<LineageOf<K>> {
  const res = await apiRequest('POST', lineagePaths.activate(kind, tenantId, versionId), undefined, {
    ifMatch,
  });
  return (await res.json()) as LineageOf<K>;
}

export function useActivateLineageVersion<K extends LineageKind>(kind: K, tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ActivateInput) => activateLineageVersion(kind, tenantId, input),
    onSuccess: () => invalidateLineages(queryClient, kind, tenantId),
  });
}
