import { globalRoles, userStatuses } from '@contract/users';
import { FilterSelect } from '@/components/list/filter-select';
import { SearchInput } from '@/components/list/search-input';
import { SortSelect, type SortOption } from '@/components/list/sort-select';
import { TenantCombobox } from '@/tenants';
import type { UserSortField } from '@/users/api/get-users';
import type { UsersView } from '@/users/lib/users-view';

const capitalized = (values: readonly string[]) =>
  values.map((value) => ({ value, label: value.charAt(0).toUpperCase() + value.slice(1) }));

const sortOptions: SortOption<UserSortField>[] = [
  { value: 'name', label: 'Name (A–Z)' },
  { value: '-name', label: 'Name (Z–A)' },
  { value: 'email', label: 'Email' },
  { value: 'globalRole', label: 'Global role' },
  { value: 'status', label: 'Status' },
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: '-lastLoginAt', label: 'Last sign-in' },
];

/**
 * Search users by name or email (docs/product.md, User Management), plus status, global role and tenant
 * filters and sort.
 */
export function UsersToolbar({ view }: { view: UsersView }) {
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center">
      <SearchInput
        value={view.q}
        onSearch={view.setSearch}
        label="Search users"
        placeholder="Search users by name or email..."
      />
      <FilterSelect
        label="Status filter"
        allLabel="All statuses"
        options={capitalized(userStatuses)}
        value={view.filters.status}
        onChange={(value) => view.setFilter('status', value)}
      />
      <FilterSelect
        label="Global role filter"
        allLabel="All roles"
        options={capitalized(globalRoles)}
        value={view.filters.globalRole}
        onChange={(value) => view.setFilter('globalRole', value)}
      />
      <TenantCombobox
        label="Tenant filter"
        emptyLabel="All tenants"
        className="lg:w-56"
        value={view.filters.tenantId}
        onChange={(value) => view.setFilter('tenantId', value)}
      />
      <SortSelect sort={view.sort} options={sortOptions} onSort={view.setSort} />
    </div>
  );
}
