import { tenantStatuses } from '@contract/tenants';
import { FilterSelect } from '@/components/list/filter-select';
import { SearchInput } from '@/components/list/search-input';
import { SortSelect, type SortOption } from '@/components/list/sort-select';
import type { TenantSortField } from '@/tenants/api/get-tenant-list';
import type { TenantsView } from '@/tenants/list/lib/tenants-view';

const statusOptions = tenantStatuses.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));

const sortOptions: SortOption<TenantSortField>[] = [
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: 'name', label: 'Name (A–Z)' },
  { value: '-name', label: 'Name (Z–A)' },
  { value: 'owner', label: 'Owner (A–Z)' },
  { value: 'status', label: 'Status' },
];

/** Search by tenant name or owner (docs/product.md, Tenant Management), plus status filter and sort. */
export function TenantsToolbar({ view }: { view: TenantsView }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <SearchInput
        value={view.q}
        onSearch={view.setSearch}
        label="Search tenants"
        placeholder="Search by tenant name or owner..."
      />
      <FilterSelect
        label="Status filter"
        allLabel="All statuses"
        options={statusOptions}
        value={view.filters.status}
        onChange={(value) => view.setFilter('status', value)}
      />
      <SortSelect sort={view.sort} options={sortOptions} onSort={view.setSort} />
    </div>
  );
}
