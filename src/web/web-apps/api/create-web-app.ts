import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebApp, WebAppInput } from '@contract/web-apps';
import { sendJson } from '@/lib/api-client';
import { invalidateWebApps, WEB_APPS_PATH } from '@/web-apps/api/web-app-keys';

/** POST /api/web-apps: 201 with the new app, which starts as provisioning. */
export async function createWebApp(input: WebAppInput): Promise<WebApp> {
  return sendJson<WebApp>('POST', WEB_APPS_PATH, input);
}

export function useCreateWebApp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWebApp, onSuccess: () => invalidateWebApps(queryClient) });
}
