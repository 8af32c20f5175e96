// The list query's shape, apart from its fetcher so that the key factory can name it without a cycle.
import type { SortValue, webAppSortFields } from '@contract/lists';

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
