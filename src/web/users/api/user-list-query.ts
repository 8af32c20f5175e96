// The list query's shape, apart from its fetcher so that the key factory can name it without a cycle.
import type { SortValue, userSortFields } from '@contract/lists';

export type UserSortField = (typeof userSortFields)[number];

/** GET /api/users?q=&status=&globalRole=&kind=&tenantId=&sort=&limit=&offset=; empty values are not sent. */
export type UserListQuery = {
  q?: string;
  status?: string;
  globalRole?: string;
  /** person or service (service accounts). */
  kind?: string;
  tenantId?: string;
  sort?: SortValue<UserSortField>;
  limit?: number;
  offset?: number;
};
