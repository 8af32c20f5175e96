import { apiRequest } from '@/lib/api-client';
import { lineagePaths, type LineageKind } from '@/gateway/api/gateway-keys';
import { useLineageMutation } from '@/gateway/api/lineage-write';

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
  return useLineageMutation(kind, tenantId, (input: LineageWriteInput) =>
    disableLineage(kind, tenantId, input),
  );
}
