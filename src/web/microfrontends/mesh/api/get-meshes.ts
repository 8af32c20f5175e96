import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebAppMesh } from '@contract/web-app-meshes';
import { getJson } from '@/lib/api-client';

export const MESHES_PATH = '/api/web-app-meshes';

/** GET /api/web-app-meshes: the meshes of the tenants the viewer may see, newest first. */
export function getMeshes(): Promise<WebAppMesh[]> {
  return getJson<WebAppMesh[]>(MESHES_PATH);
}

export const meshesQueryOptions = () => queryOptions({ queryKey: [MESHES_PATH], queryFn: getMeshes });

export function useMeshes() {
  return useQuery(meshesQueryOptions());
}
