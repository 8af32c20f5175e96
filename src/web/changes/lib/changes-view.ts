import { changeRequestSortFields } from '@contract/change-labels';
import type { ChangeRequestListQuery, ChangeRequestSortField } from '@/changes/api/get-change-requests';
import { useListUrlState, type ListUrlState } from '@/hooks/use-list-url-state';

/** The segments of the Changes list, in order; the first is the default (no `tab` in the URL). */
export const CHANGE_TABS = [
  { value: 'waiting', label: 'Waiting for me' },
  { value: 'open', label: 'Open' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'recent', label: 'Recent' },
  { value: 'all', label: 'All' },
  { value: 'mine', label: 'Mine' },
] as const;
export type ChangeTab = (typeof CHANGE_TABS)[number]['value'];
export const DEFAULT_TAB: ChangeTab = 'waiting';

/** What each segment asks the server: a view (whose requests) or a state (where they stand). */
const TAB_QUERY: Record<ChangeTab, Pick<ChangeRequestListQuery, 'view' | 'state'>> = {
  waiting: { view: 'waiting' },
  open: { state: 'open' },
  scheduled: { state: 'scheduled' },
  recent: { state: 'closed' },
  all: {},
  mine: { view: 'mine' },
};

const filters = ['tab', 'tenantId', 'environment', 'kind'] as const;
export type ChangesFilterName = (typeof filters)[number];

export type ChangesView = ListUrlState<ChangeRequestSortField, ChangesFilterName> & {
  tab: ChangeTab;
  apiQuery: ChangeRequestListQuery;
};

const isTab = (value: string): value is ChangeTab => CHANGE_TABS.some((tab) => tab.value === value);

/** The Changes list's segment, filters, search, sort and page in the URL, and the API query they make. */
export function useChangesView(): ChangesView {
  const view = useListUrlState({ sortFields: changeRequestSortFields, defaultSort: '-createdAt', filters });
  const { tab: rawTab, environment, kind, ...rest } = view.query;
  const tab = rawTab && isTab(rawTab) ? rawTab : DEFAULT_TAB;
  return {
    ...view,
    tab,
    apiQuery: {
      ...rest,
      ...TAB_QUERY[tab],
      environment,
      kind,
    },
  };
}
