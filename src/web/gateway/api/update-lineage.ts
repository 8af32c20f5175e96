import { lineagePaths, type FieldsOf, type LineageKind, type LineageOf } from '@/gateway/api/gateway-keys';
import { postLineage, useLineageMutation } from '@/gateway/api/lineage-write';

export type UpdateLineageInput<K extends LineageKind> = {
  lineageId: string;
  fields: FieldsOf<K>;
  /** The lineage's newest version number the form was opened on (If-Match). */
  ifMatch: number | undefined;
};

/** POST .../:lineageId/versions: the lineage's next version with these fields, made active (412 when stale). */
export function updateLineage<K extends LineageKind>(
  kind: K,
  tenantId: string,
  { lineageId, fields, ifMatch }: UpdateLineageInput<K>,
): Promise<LineageOf<K>> {
  return postLineage<K>(lineagePaths.history(kind, tenantId, lineageId), fields, { ifMatch });
}

export function useUpdateLineage<K extends LineageKind>(kind: K, tenantId: string) {
  return useLineageMutation(kind, tenantId, (input: UpdateLineageInput<K>) =>
    updateLineage(kind, tenantId, input),
  );
}
