import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { invalidateWritten } from '@/lib/resource-effects';
import { meshKeys } from '@/microfrontends';
import type { WebAppListQuery } from '@/web-apps/api/web-app-list-query';

export const WEB_APPS_PATH = '/api/web-apps';
/** The Overview counts web apps and lists the recent ones (key root of GET /api/overview). */
const OVERVIEW_ROOT = ['/api/overview'];

/** The only place a web app query key is built; every key starts with the endpoint's path. */
export const webAppKeys = {
  all: [WEB_APPS_PATH] as const,
  lists: () => [...webAppKeys.all, 'list'] as const,
  list: (query: WebAppListQuery) => [...webAppKeys.lists(), query] as const,
};

/**
 * What a web app write refreshes, by every path (this feature's mutations, an applied request, a live
 * event): the Web Apps page and any other web app read, the Overview, and the meshes, which show their
 * web app.
 */
export const webAppWriteRoots: readonly QueryKey[] = [webAppKeys.all, OVERVIEW_ROOT, meshKeys.all];

/** Every web app mutation calls this: what a web app write refreshes (src/web/lib/resource-effects.ts). */
export const invalidateWebApps = (queryClient: QueryClient): Promise<void> =>
  invalidateWritten(queryClient, 'web_app');
