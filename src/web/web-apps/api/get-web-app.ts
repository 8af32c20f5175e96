import type { WebApp } from '@contract/web-apps';
import type { LiveResource } from '@/concurrency';
import { getJson } from '@/lib/api-client';
import { WEB_APPS_PATH } from '@/web-apps/api/web-app-keys';

/** GET /api/web-apps/{id}: one web app (404 'Web app not found'). */
export function getWebApp(id: string): Promise<WebApp> {
  return getJson<WebApp>(`${WEB_APPS_PATH}/${encodeURIComponent(id)}`);
}

/** How Edit Application follows its web app live (docs/live-console.md). */
export const webAppLive: LiveResource<WebApp> = { resourceType: 'web_app', fetchCurrent: getWebApp };
