import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeshManifest } from '@contract/web-app-meshes';
import { getJson } from '@/lib/api-client';
import { MESHES_PATH, meshKeys } from '@/microfrontends/mesh/api/mesh-keys';

/** GET /api/web-app-meshes/{id}/manifest: the menu in order with resolved versions and merged config. */
export function getMeshManifest(meshId: string): Promise<MeshManifest> {
  return getJson<MeshManifest>(`${MESHES_PATH}/${encodeURIComponent(meshId)}/manifest`);
}

export const meshManifestQueryOptions = (meshId: string) =>
  queryOptions({ queryKey: meshKeys.manifest(meshId), queryFn: () => getMeshManifest(meshId) });

export function useMeshManifest(meshId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...meshManifestQueryOptions(meshId), enabled });
}
