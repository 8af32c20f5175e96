import { userSortFields } from '@contract/list-conventions';
import { useListUrlState, type ListUrlState } from '@/hooks/use-list-url-state';
import type { UserSortField } from '@/users/api/get-users';

const filters = ['status', 'globalRole', 'kind', 'tenantId'] as const;

export type UsersView = ListUrlState<UserSortField, (typeof filters)[number]>;

/** The Users page's search, filters, sort and page, in the URL; by name by default. */
export function useUsersView(): UsersView {
  return useListUrlState({ sortFields: userSortFields, defaultSort: 'name', filters });
}
