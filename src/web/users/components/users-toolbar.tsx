import { globalRoles, userStatuses, type UserKind } from '@contract/vocabulary';
import { ListToolbar, type ListFilter } from '@/components/list/list-toolbar';
import { NAME_ASCENDING, NAME_DESCENDING, NEWEST_FIRST, OLDEST_FIRST } from '@/components/list/sort-options';
import type { SortOption } from '@/components/list/sort-select';
import { TenantCombobox } from '@/tenants';
import type { UserSortField } from '@/users/api/get-users';
import type { UsersView } from '@/users/lib/users-view';

const capitalized = (values: readonly string[]) =>
  values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));

const sortOptions: SortOption<UserSortField>[] = [
  NAME_ASCENDING,
  NAME_DESCENDING,
  { value: 'email', label: 'Email' },
  { value: 'globalRole', label: 'Global role' },
  { value: 'status', label: 'Status' },
  NEWEST_FIRST,
  OLDEST_FIRST,
  { value: '-lastLoginAt', label: 'Last sign-in' },
];

// People sign in; service accounts act only through API tokens.
const kindOptions = [
  { value: 'person', label: 'People' },
  { value: 'service', label: 'Service accounts' },
] satisfies { value: UserKind; label: string }[];

const filters: ListFilter<'status' | 'globalRole' | 'kind' | 'tenantId'>[] = [
  { name: 'status', label: 'Status filter', allLabel: 'All statuses', options: capitalized(userStatuses) },
  {
    name: 'globalRole',
    label: 'Global role filter',
    allLabel: 'All roles',
    options: capitalized(globalRoles),
  },
  { name: 'kind', label: 'Kind filter', allLabel: 'All users', options: kindOptions },
  {
    name: 'tenantId',
    label: 'Tenant filter',
    allLabel: 'All tenants',
    className: 'lg:w-56',
    Picker: TenantCombobox,
  },
];

/**
 * Search users by name or email (docs/product.md, User Management), plus status, global role, kind
 * (people or service accounts) and tenant filters and sort.
 */
export function UsersToolbar({ view }: { view: UsersView }) {
  return (
    <ListToolbar
      view={view}
      search={{ label: 'Search users', placeholder: 'Search users by name or email...' }}
      filters={filters}
      sortOptions={sortOptions}
    />
  );
}
