import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateLineages, lineagePaths, type LineageKind } from '@/gateway/api/gateway-keys';

export type LineageWriteInput = { lineageId: string; ifMatch: number | undefined };

/** POST .../:lineageId/disable: the lineage keeps its versions but none is active. */
export async function disableLineage(
  kind: LineageKind,
  tenantId: string,
  { lineageId, ifMatch }: LineageWriteInput,
): Promise<void> {
  await apiRequest('POST', lineagePaths.disable(kind, tenantId, lineageId), undefined, { ifMatch });
}

export function useDisableLineage(kind: LineageKind, tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LineageWriteInput) => disableLineage(kind, tenantId, input),
    onSuccess: () => invalidateLineages(queryClient, kind, tenantId),
  });
}
