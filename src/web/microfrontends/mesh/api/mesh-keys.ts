import type { SortValue, webAppMeshSortFields } from '@contract/lists';

export const MESHES_PATH = '/api/web-app-meshes';

/** GET /api/web-app-meshes' query (src/contract/lists.ts): search, tenant filter, sort, page. */
export type MeshesParams = {
  q?: string;
  tenantId?: string;
  sort?: SortValue<(typeof webAppMeshSortFields)[number]>;
  limit?: number;
  offset?: number;
};

/**
 * The one place a mesh query key is built; `invalidateMeshes` refreshes everything under `all`. The root
 * is the endpoint's path, as for every resource, so other features' invalidations reach it by path.
 */
export const meshKeys = {
  all: [MESHES_PATH] as const,
  lists: () => [...meshKeys.all, 'list'] as const,
  list: (params: MeshesParams) => [...meshKeys.lists(), params] as const,
  detail: (id: string) => [...meshKeys.all, 'detail', id] as const,
  manifest: (id: string) => [...meshKeys.detail(id), 'manifest'] as const,
};
