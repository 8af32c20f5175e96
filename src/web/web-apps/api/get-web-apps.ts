import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WebApp } from '@contract/web-apps';
import { getPage, type Page } from '@/lib/list-request';
import type { WebAppListQuery } from '@/web-apps/api/web-app-list-query';
import { WEB_APPS_PATH, webAppKeys } from '@/web-apps/api/web-app-keys';

export { WEB_APPS_PATH };
export type { WebAppSortField, WebAppListQuery } from '@/web-apps/api/web-app-list-query';

/** One page of web apps and the total matching (X-Total-Count). */
export function getWebApps(query: WebAppListQuery): Promise<Page<WebApp>> {
  return getPage<WebApp>(WEB_APPS_PATH, query);
}

export const webAppsQueryOptions = (query: WebAppListQuery) =>
  queryOptions({
    queryKey: webAppKeys.list(query),
    queryFn: () => getWebApps(query),
    // Keep the current cards on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });

export function useWebApps(query: WebAppListQuery) {
  return useQuery(webAppsQueryOptions(query));
}
