import {
  lineagePaths,
  type CreateBodyOf,
  type LineageKind,
  type LineageOf,
} from '@/gateway/api/gateway-keys';
import { postLineage, useLineageMutation } from '@/gateway/api/lineage-write';

/** POST /api/tenants/:tenantId/gateway-routes (or opa-policies): a new lineage, its version 1 active. */
export function createLineage<K extends LineageKind>(
  kind: K,
  tenantId: string,
  body: CreateBodyOf<K>,
): Promise<LineageOf<K>> {
  return postLineage<K>(lineagePaths.collection(kind, tenantId), body);
}

export function useCreateLineage<K extends LineageKind>(kind: K, tenantId: string) {
  return useLineageMutation(kind, tenantId, (body: CreateBodyOf<K>) => createLineage(kind, tenantId, body));
}
