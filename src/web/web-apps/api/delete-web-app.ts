import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateWebApps, WEB_APPS_PATH } from '@/web-apps/api/web-app-keys';

/** DELETE /api/web-apps/{id}: 204. */
export async function deleteWebApp(id: string): Promise<void> {
  await apiRequest('DELETE', `${WEB_APPS_PATH}/${encodeURIComponent(id)}`);
}

export function useDeleteWebApp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWebApp, onSuccess: () => invalidateWebApps(queryClient) });
}
