// The list query's shape, apart from its fetcher so that the key factory can name it without a cycle.
import type { changeRequestSortFields, changeRequestStates, changeRequestViews } from '@contract/changes';
import type { SortValue } from '@contract/lists';

export type ChangeRequestSortField = (typeof changeRequestSortFields)[number];

/** The filters, sort and page of GET /api/change-requests; empty values are not sent. */
export type ChangeRequestListQuery = {
  q?: string;
  view?: (typeof changeRequestViews)[number];
  state?: (typeof changeRequestStates)[number];
  tenantId?: string;
  /** An environment and a change kind as the URL has them: the server checks them (400 otherwise). */
  environment?: string;
  kind?: string;
  sort?: SortValue<ChangeRequestSortField>;
  limit: number;
  /** A page by number... */
  offset?: number;
  /** ...or by next/previous, from the reply's links (src/web/lib/list-request.ts). */
  cursor?: string;
};
