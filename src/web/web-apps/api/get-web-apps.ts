import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SortValue, webAppSortFields } from '@contract/lists';
import type { WebApp } from '@contract/web-apps';
import { getPage, type Page } from '@/lib/list-request';
import { WEB_APPS_PATH, webAppKeys } from '@/web-apps/api/web-app-keys';

export { WEB_APPS_PATH };
export type WebAppSortField = (typeof webAppSortFields)[number];

/**
 * GET /api/web-apps?q=&status=&tenantId=&environment=&technology=&sort=&limit=&offset=: search by name,
 * description or technology; empty values are not sent.
 */
export type WebAppListQuery = {
  q?: string;
  status?: string;
  tenantId?: string;
  environment?: string;
  technology?: string;
  sort?: SortValue<WebAppSortField>;
  limit?: number;
  offset?: number;
};

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
