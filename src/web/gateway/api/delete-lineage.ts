import { apiRequest } from '@/lib/api-client';
import type { LineageWriteInput } from '@/gateway/api/disable-lineage';
import { lineagePaths, type LineageKind } from '@/gateway/api/gateway-keys';
import { useLineageMutation } from '@/gateway/api/lineage-write';

/** DELETE .../:lineageId: every version of the route or policy goes. */
export async function deleteLineage(
  kind: LineageKind,
  tenantId: string,
  { lineageId, ifMatch }: LineageWriteInput,
): Promise<void> {
  await apiRequest('DELETE', lineagePaths.lineage(kind, tenantId, lineageId), undefined, { ifMatch });
}

export function useDeleteLineage(kind: LineageKind, tenantId: string) {
  return useLineageMutation(kind, tenantId, (input: LineageWriteInput) =>
    deleteLineage(kind, tenantId, input),
  );
}
