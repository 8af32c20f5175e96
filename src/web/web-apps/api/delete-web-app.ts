import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateWebApps, WEB_APPS_PATH } from '@/web-apps/api/web-app-keys';

/** DELETE /api/web-apps/{id}: 204. */
export async function deleteWebApp(id: string, ifMatch?: number): Promise<void> {
  await apiRequest('DELETE', `${WEB_APPS_PATH}/${encodeURIComponent(id)}`, undefined, { ifMatch });
}

export function useDeleteWebApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ifMatch }: { id: string; ifMatch?: number }) => deleteWebApp(id, ifMatch),
    onSuccess: () => invalidateWebApps(queryClient),
  });
}
