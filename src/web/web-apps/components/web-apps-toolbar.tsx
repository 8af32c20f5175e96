import { FilterSelect } from '@/components/list/filter-select';
import { SearchInput } from '@/components/list/search-input';
import { SortSelect, type SortOption } from '@/components/list/sort-select';
import { TenantCombobox } from '@/tenants';
import type { WebAppSortField } from '@/web-apps/api/get-web-apps';
import { environmentOptions, statusOptions, technologyOptions } from '@/web-apps/lib/web-app-form';
import type { WebAppsView } from '@/web-apps/lib/web-apps-view';

const sortOptions: SortOption<WebAppSortField>[] = [
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: 'name', label: 'Name (A–Z)' },
  { value: '-name', label: 'Name (Z–A)' },
  { value: 'status', label: 'Status' },
  { value: 'environment', label: 'Environment' },
  { value: 'technology', label: 'Technology' },
];

/**
 * Search by name, description or technology; status filter: all, running, provisioning, stopped
 * (docs/product.md, Web Applications).
 */
export function WebAppsToolbar({ view }: { view: WebAppsView }) {
  return (
    <div
      className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center"
      role="group"
      aria-label="Application filters"
    >
      <SearchInput
        value={view.q}
        onSearch={view.setSearch}
        label="Search applications"
        placeholder="Search by name, description or technology..."
        className="lg:flex-1"
      />
      <FilterSelect
        label="Status filter"
        allLabel="All statuses"
        options={statusOptions}
        value={view.filters.status}
        onChange={(value) => view.setFilter('status', value)}
      />
      <TenantCombobox
        label="Tenant filter"
        emptyLabel="All tenants"
        className="lg:w-52"
        value={view.filters.tenantId}
        onChange={(value) => view.setFilter('tenantId', value)}
      />
      <FilterSelect
        label="Environment filter"
        allLabel="All environments"
        options={environmentOptions}
        value={view.filters.environment}
        onChange={(value) => view.setFilter('environment', value)}
      />
      <FilterSelect
        label="Technology filter"
        allLabel="All technologies"
        options={technologyOptions}
        value={view.filters.technology}
        onChange={(value) => view.setFilter('technology', value)}
      />
      <SortSelect sort={view.sort} options={sortOptions} onSort={view.setSort} />
    </div>
  );
}
