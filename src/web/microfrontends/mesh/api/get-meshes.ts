import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WebAppMesh } from '@contract/web-app-meshes';
import { getPage, type Page } from '@/lib/list-request';
import { MESHES_PATH, meshKeys, type MeshesParams } from '@/microfrontends/mesh/api/mesh-keys';

export { MESHES_PATH };

/** GET /api/web-app-meshes?q=&tenantId=&sort=&limit=&offset=: the viewer's meshes, one page and the total. */
export function getMeshes(params: MeshesParams): Promise<Page<WebAppMesh>> {
  return getPage<WebAppMesh>(MESHES_PATH, params);
}

export const meshesQueryOptions = (params: MeshesParams) =>
  queryOptions({
    queryKey: meshKeys.list(params),
    queryFn: () => getMeshes(params),
    placeholderData: keepPreviousData,
  });

export function useMeshes(params: MeshesParams) {
  return useQuery(meshesQueryOptions(params));
}
