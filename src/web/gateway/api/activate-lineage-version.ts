import { lineagePaths, type LineageKind, type LineageOf } from '@/gateway/api/gateway-keys';
import { postLineage, useLineageMutation } from '@/gateway/api/lineage-write';

export type ActivateInput = { versionId: string; ifMatch: number | undefined };

/**
 * POST .../versions/:versionId/activate: this version becomes the lineage's active one (an older one
 * to switch back, the newest of a disabled lineage to enable it again).
 */
export function activateLineageVersion<K extends LineageKind>(
  kind: K,
  tenantId: string,
  { versionId, ifMatch }: ActivateInput,
): Promise<LineageOf<K>> {
  return postLineage<K>(lineagePaths.activate(kind, tenantId, versionId), undefined, { ifMatch });
}

export function useActivateLineageVersion<K extends LineageKind>(kind: K, tenantId: string) {
  return useLineageMutation(kind, tenantId, (input: ActivateInput) =>
    activateLineageVersion(kind, tenantId, input),
  );
}
