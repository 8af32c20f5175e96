import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@contract/users';
import { getPage, type Page } from '@/lib/list-request';
import type { UserListQuery } from '@/users/api/user-list-query';
import { USERS_PATH, userKeys } from '@/users/api/user-keys';

export { USERS_PATH };
export type { UserSortField, UserListQuery } from '@/users/api/user-list-query';

/** One page of users, searched by name or email, and the total matching (X-Total-Count). */
export function getUsers(query: UserListQuery): Promise<Page<User>> {
  return getPage<User>(USERS_PATH, query);
}

export const usersQueryOptions = (query: UserListQuery) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: () => getUsers(query),
    // Keep the current cards on screen while the next page or search loads.
    placeholderData: keepPreviousData,
  });

export function useUsers(query: UserListQuery) {
  return useQuery(usersQueryOptions(query));
}
