import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { WebApp } from '@contract/web-apps';
import { apiRequest } from '@/lib/api-client';

export const WEB_APPS_PATH = '/api/web-apps';
const TOTAL_COUNT_HEADER = 'X-Total-Count';
/** The Overview figures count web apps; its cache is refreshed after a change (key of GET /api/overview). */
const OVERVIEW_QUERY_KEY = ['/api/overview'];

/** Search (name, description or technology) and status filter of GET /api/web-apps; empty ones are not sent. */
export type WebAppsParams = { q?: string; status?: string };
export type WebAppsPage = { webApps: WebApp[]; total: number };

export function webAppsSearch({ q, status }: WebAppsParams): string {
  const search = new URLSearchParams();
  if (q?.trim()) search.set('q', q.trim());
  if (status?.trim()) search.set('status', status.trim());
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** GET /api/web-apps?q=&status=: the matching apps and their total (X-Total-Count). */
export async function getWebApps(params: WebAppsParams): Promise<WebAppsPage> {
  const res = await apiRequest('GET', `${WEB_APPS_PATH}${webAppsSearch(params)}`);
  const webApps = (await res.json()) as WebApp[];
  const total = Number(res.headers.get(TOTAL_COUNT_HEADER));
  return {
    webApps,
    total: res.headers.has(TOTAL_COUNT_HEADER) && Number.isFinite(total) ? total : webApps.length,
  };
}

export const webAppsQueryOptions = (params: WebAppsParams) =>
  queryOptions({
    queryKey: [WEB_APPS_PATH, 'list', params],
    queryFn: () => getWebApps(params),
    // Keep the current cards on screen while a new search loads.
    placeholderData: keepPreviousData,
  });

export function useWebApps(params: WebAppsParams) {
  return useQuery(webAppsQueryOptions(params));
}

/** After a create, edit or delete: every web app read and the Overview. */
export async function invalidateWebAppReads(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [WEB_APPS_PATH] }),
    queryClient.invalidateQueries({ queryKey: OVERVIEW_QUERY_KEY }),
  ]);
}
