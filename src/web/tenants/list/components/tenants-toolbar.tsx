import { tenantStatuses } from '@contract/vocabulary';
import { ListToolbar } from '@/components/list/list-toolbar';
import { NAME_ASCENDING, NAME_DESCENDING, NEWEST_FIRST, OLDEST_FIRST } from '@/components/list/sort-options';
import type { SortOption } from '@/components/list/sort-select';
import type { TenantSortField } from '@/tenants/api/get-tenant-list';
import type { TenantsView } from '@/tenants/list/lib/tenants-view';

const statusOptions = tenantStatuses.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));

const sortOptions: SortOption<TenantSortField>[] = [
  NEWEST_FIRST,
  OLDEST_FIRST,
  NAME_ASCENDING,
  NAME_DESCENDING,
  { value: 'owner', label: 'Owner (A–Z)' },
  { value: 'status', label: 'Status' },
];

/** Search by tenant name or owner (docs/product.md, Tenant Management), plus status filter and sort. */
export function TenantsToolbar({ view }: { view: TenantsView }) {
  return (
    <ListToolbar
      view={view}
      className="sm:flex-row sm:items-center"
      search={{ label: 'Search tenants', placeholder: 'Search by tenant name or owner...' }}
      filters={[{ name: 'status', label: 'Status filter', allLabel: 'All statuses', options: statusOptions }]}
      sortOptions={sortOptions}
    />
  );
}
