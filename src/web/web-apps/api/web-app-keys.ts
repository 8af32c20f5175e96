import type { QueryClient } from '@tanstack/react-query';
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

/** Every web app mutation calls this: the Web Apps page, any other web app read and the Overview refresh. */
export async function invalidateWebApps(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: webAppKeys.all }),
    queryClient.invalidateQueries({ queryKey: OVERVIEW_ROOT }),
  ]);
}
