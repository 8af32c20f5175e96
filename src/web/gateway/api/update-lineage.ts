import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import {
  invalidateLineages,
  lineagePaths,
  type FieldsOf,
  type LineageKind,
  type LineageOf,
} from '@/gateway/api/gateway-keys';

export type UpdateLineageInput<K extends LineageKind> = {
  lineageId: string;
  fields: FieldsOf<K>;
  /** The lineage's newest version number the form was opened on (If-Match). */
  ifMatch: number | undefined;
};

/** POST .../:lineageId/versions: the lineage's next version with these fields, made active (412 when stale). */
export async function updateLineage<K extends LineageKind>(
  kind: K,
  tenantId: string,
  { lineageId, fields, ifMatch }: UpdateLineageInput<K>,
): Promise<LineageOf<K>> {
  const res = await apiRequest('POST', lineagePaths.history(kind, tenantId, lineageId), fields, { ifMatch });
  return (await res.json()) as LineageOf<K>;
}

export function useUpdateLineage<K extends LineageKind>(kind: K, tenantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateLineageInput<K>) => updateLineage(kind, tenantId, input),
    onSuccess: () => invalidateLineages(queryClient, kind, tenantId),
  });
}
