import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateDeleted } from '@/lib/invalidate-deleted';
import { MESHES_PATH } from '@/microfrontends/mesh/api/mesh-keys';
import { meshQueryOptions } from '@/microfrontends/mesh/api/get-mesh';

/** DELETE /api/web-app-meshes/{id} (204). */
export async function deleteMesh(meshId: string, ifMatch?: number): Promise<void> {
  await apiRequest('DELETE', `${MESHES_PATH}/${encodeURIComponent(meshId)}`, undefined, { ifMatch });
}

export function useDeleteMesh() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ifMatch }: { id: string; ifMatch?: number }) => deleteMesh(id, ifMatch),
    // The mesh's own page may still be open: its read is marked stale (refetched on its next visit)
    // rather than refetched into a 404 now; everything else a mesh write touches refetches.
    onSuccess: (_data, { id: meshId }) =>
      invalidateDeleted(queryClient, 'mesh', meshQueryOptions(meshId).queryKey),
  });
}
