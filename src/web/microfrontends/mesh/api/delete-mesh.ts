import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateMeshes } from '@/microfrontends/mesh/api/invalidate-meshes';
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
    onSuccess: async (_data, { id: meshId }) => {
      // The mesh's own page may still be open: mark it stale (refetched on its next visit) rather
      // than refetching a 404 now; the list refetches.
      await queryClient.invalidateQueries({
        queryKey: meshQueryOptions(meshId).queryKey,
        refetchType: 'none',
      });
      await invalidateMeshes(queryClient);
    },
  });
}
