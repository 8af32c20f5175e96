import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DELETE_ALL_CONFIRMATION, type DeleteAllResourcesResult } from '@contract/settings';
import { sendJson } from '@/lib/api-client';

export const DELETE_ALL_PATH = '/api/admin/delete-all-resources';

/** POST /api/admin/delete-all-resources (administrators): answers how many of each were removed. */
export async function deleteAllResources(): Promise<DeleteAllResourcesResult> {
  return sendJson<DeleteAllResourcesResult>('POST', DELETE_ALL_PATH, {
    confirmation: DELETE_ALL_CONFIRMATION,
  });
}

export function useDeleteAllResources() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAllResources,
    // Tenants, web apps, profiles, deployments...: every screen's data may be gone.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
