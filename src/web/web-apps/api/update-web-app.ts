import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebApp, WebAppPatch } from '@contract/web-apps';
import { sendJson } from '@/lib/api-client';
import { invalidateWebApps, WEB_APPS_PATH } from '@/web-apps/api/web-app-keys';

/** PATCH /api/web-apps/{id}: name, description, technology, environment, region, url, status. */
export async function updateWebApp({
  id,
  patch,
  ifMatch,
}: {
  id: string;
  patch: WebAppPatch;
  /** The revision the form loaded; a stale one gets 412. */
  ifMatch?: number;
}): Promise<WebApp> {
  return sendJson<WebApp>('PATCH', `${WEB_APPS_PATH}/${encodeURIComponent(id)}`, patch, { ifMatch });
}

export function useUpdateWebApp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWebApp, onSuccess: () => invalidateWebApps(queryClient) });
}
