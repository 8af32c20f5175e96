import { userSortFields } from '@contract/list-conventions';
import type { RouteQuery } from '@/app/route-query';
import { listQueryOf } from '@/hooks/use-list-url-state';
import { usersQueryOptions } from '@/users';

/** /users (src/web/users/lib/users-view.ts): one page of users; their profiles follow from its rows. */
export const queries = (params: URLSearchParams): RouteQuery[] => [
  usersQueryOptions(
    listQueryOf(params, {
      sortFields: userSortFields,
      defaultSort: 'name',
      filters: ['status', 'globalRole', 'kind', 'tenantId'],
    }),
  ),
];
