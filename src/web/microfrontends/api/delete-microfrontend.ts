import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { MICROFRONTENDS_PATH } from '@/microfrontends/api/microfrontend-keys';
import { invalidateMicrofrontends } from '@/microfrontends/api/invalidate-microfrontends';

/** DELETE /api/microfrontends/{id}: 409 while it is live or a mesh uses it. */
export async function deleteMicrofrontend(id: string, ifMatch?: number): Promise<void> {
  await apiRequest('DELETE', `${MICROFRONTENDS_PATH}/${encodeURIComponent(id)}`, undefined, { ifMatch });
}

export function useDeleteMicrofrontend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ifMatch }: { id: string; ifMatch?: number }) => deleteMicrofrontend(id, ifMatch),
    onSuccess: () => invalidateMicrofrontends(queryClient),
  });
}
