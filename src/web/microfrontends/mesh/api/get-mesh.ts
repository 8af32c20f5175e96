import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebAppMesh } from '@contract/web-app-meshes';
import { getJson } from '@/lib/api-client';
import { MESHES_PATH, meshKeys } from '@/microfrontends/mesh/api/mesh-keys';

/** GET /api/web-app-meshes/{id}. */
export function getMesh(meshId: string): Promise<WebAppMesh> {
  return getJson<WebAppMesh>(`${MESHES_PATH}/${encodeURIComponent(meshId)}`);
}

export const meshQueryOptions = (meshId: string) =>
  queryOptions({ queryKey: meshKeys.detail(meshId), queryFn: () => getMesh(meshId) });

export function useMesh(meshId: string) {
  return useQuery(meshQueryOptions(meshId));
}
