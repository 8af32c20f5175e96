import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { LineageWriteInput } from '@/gateway/api/disable-lineage';
import { invalidateLineages, lineagePaths, type LineageKind } from '@/gateway/api/gateway-keys';

/** DELETE .../:lineageId: every version of the route or policy goes. */
export async function deleteLineage(
  kind: LineageKind,
  tenantId: string,
  { lineageId, ifMatch }: LineageWriteInput,
): Promise<void> {
  await apiRequest('DELETE', lineagePaths.lineage(kind, tenantId, lineageId), undefined, { ifMatch });
}

export function useDeleteLineage(kind: LineageKind, tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LineageWriteInput) => deleteLineage(kind, tenantId, input),
    onSuccess: () => invalidateLineages(queryClient, kind, tenantId),
  });
}
