import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebAppMesh } from '@contract/web-app-meshes';
import { getJson } from '@/lib/api-client';
import { MESHES_PATH } from '@/microfrontends/mesh/api/get-meshes';

/** GET /api/web-app-meshes/{id}. */
export function getMesh(meshId: string): Promise<WebAppMesh> {
  return getJson<WebAppMesh>(`${MESHES_PATH}/${encodeURIComponent(meshId)}`);
}

export const meshQueryOptions = (meshId: string) =>
  queryOptions({ queryKey: [MESHES_PATH, meshId], queryFn: () => getMesh(meshId) });

export function useMesh(meshId: string) {
  return useQuery(meshQueryOptions(meshId));
}
