import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateMeshBody, WebAppMesh } from '@contract/web-app-meshes';
import { sendJson } from '@/lib/api-client';
import { invalidateMeshes } from '@/microfrontends/mesh/api/invalidate-meshes';
import { MESHES_PATH } from '@/microfrontends/mesh/api/mesh-keys';

/** POST /api/web-app-meshes: menuItems is JSON text; 201 with the mesh. */
export async function createMesh(body: CreateMeshBody): Promise<WebAppMesh> {
  return sendJson<WebAppMesh>('POST', MESHES_PATH, body);
}

export function useCreateMesh() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMesh,
    onSuccess: () => invalidateMeshes(queryClient),
  });
}
