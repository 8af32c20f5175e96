import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { MICROFRONTENDS_PATH } from '@/microfrontends/api/microfrontend-keys';
import { invalidateMicrofrontends } from '@/microfrontends/api/invalidate-microfrontends';

/** DELETE /api/microfrontends/{id}: 409 while it is live or a mesh uses it. */
export async function deleteMicrofrontend(id: string): Promise<void> {
  await apiRequest('DELETE', `${MICROFRONTENDS_PATH}/${encodeURIComponent(id)}`);
}

export function useDeleteMicrofrontend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMicrofrontend,
    onSuccess: () => invalidateMicrofrontends(queryClient),
  });
}
