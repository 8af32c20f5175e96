// The list query's shape, apart from its fetcher so that the key factory can name it without a cycle.
import type { SortValue, tenantSortFields } from '@contract/lists';

export type TenantSortField = (typeof tenantSortFields)[number];

/** GET /api/tenants?q=&status=&sort=&limit=&offset= (src/contract/lists.ts); empty values are not sent. */
export type TenantListQuery = {
  q?: string;
  status?: string;
  sort?: SortValue<TenantSortField>;
  limit?: number;
  offset?: number;
};
