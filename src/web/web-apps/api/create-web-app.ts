import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebApp, WebAppInput } from '@contract/web-apps';
import { apiRequest } from '@/lib/api-client';
import { invalidateWebApps, WEB_APPS_PATH } from '@/web-apps/api/web-app-keys';

/** POST /api/web-apps: 201 with the new app, which starts as provisioning. */
export async function createWebApp(input: WebAppInput): Promise<WebApp> {
  const res = await apiRequest('POST', WEB_APPS_PATH, input);
  return (await res.json()) as WebApp;
}

export function useCreateWebApp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWebApp, onSuccess: () => invalidateWebApps(queryClient) });
}
