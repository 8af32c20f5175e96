import { webAppSortFields } from '@contract/list-conventions';
import { useListUrlState, type ListUrlState } from '@/hooks/use-list-url-state';
import type { WebAppSortField } from '@/web-apps/api/get-web-apps';

const filters = ['status', 'tenantId', 'environment', 'technology'] as const;

export type WebAppsView = ListUrlState<WebAppSortField, (typeof filters)[number]>;

/** The Web Apps list's search, filters, sort and page, in the URL; newest first by default. */
export function useWebAppsView(): WebAppsView {
  return useListUrlState({ sortFields: webAppSortFields, defaultSort: '-createdAt', filters });
}
