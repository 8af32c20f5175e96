import { changeRequestSortFields } from '@contract/change-labels';
import type { RouteQuery } from '@/app/route-query';
import { changeRequestsQueryOptions, type ChangeRequestListQuery } from '@/changes';
import { listQueryOf } from '@/hooks/use-list-url-state';

/** What each segment asks the server (TAB_QUERY of src/web/changes/lib/changes-view.ts). */
const TAB_QUERY = {
  waiting: { view: 'waiting' },
  open: { state: 'open' },
  scheduled: { state: 'scheduled' },
  recent: { state: 'closed' },
  all: {},
  mine: { view: 'mine' },
} as const satisfies Record<string, Pick<ChangeRequestListQuery, 'view' | 'state'>>;

const isTab = (value: string): value is keyof typeof TAB_QUERY => Object.hasOwn(TAB_QUERY, value);

/** /changes (src/web/changes/lib/changes-view.ts): one page of the chosen segment, "waiting" by default. */
export function queries(params: URLSearchParams): RouteQuery[] {
  const { tab, environment, kind, ...rest } = listQueryOf(params, {
    sortFields: changeRequestSortFields,
    defaultSort: '-createdAt',
    filters: ['tab', 'tenantId', 'environment', 'kind'],
  });
  const tabQuery: Pick<ChangeRequestListQuery, 'view' | 'state'> =
    tab && isTab(tab) ? TAB_QUERY[tab] : TAB_QUERY.waiting;
  return [changeRequestsQueryOptions({ ...rest, ...tabQuery, environment, kind })];
}
