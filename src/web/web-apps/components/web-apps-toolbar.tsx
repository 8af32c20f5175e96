import { ListToolbar, type ListFilter } from '@/components/list/list-toolbar';
import { NAME_ASCENDING, NAME_DESCENDING, NEWEST_FIRST, OLDEST_FIRST } from '@/components/list/sort-options';
import type { SortOption } from '@/components/list/sort-select';
import { TenantCombobox } from '@/tenants';
import type { WebAppSortField } from '@/web-apps/api/get-web-apps';
import { environmentOptions, statusOptions, technologyOptions } from '@/web-apps/lib/web-app-options';
import type { WebAppsView } from '@/web-apps/lib/web-apps-view';

const sortOptions: SortOption<WebAppSortField>[] = [
  NEWEST_FIRST,
  OLDEST_FIRST,
  NAME_ASCENDING,
  NAME_DESCENDING,
  { value: 'status', label: 'Status' },
  { value: 'environment', label: 'Environment' },
  { value: 'technology', label: 'Technology' },
];

const filters: ListFilter<'status' | 'tenantId' | 'environment' | 'technology'>[] = [
  { name: 'status', label: 'Status filter', allLabel: 'All statuses', options: statusOptions },
  {
    name: 'tenantId',
    label: 'Tenant filter',
    allLabel: 'All tenants',
    className: 'lg:w-52',
    Picker: TenantCombobox,
  },
  {
    name: 'environment',
    label: 'Environment filter',
    allLabel: 'All environments',
    options: environmentOptions,
  },
  {
    name: 'technology',
    label: 'Technology filter',
    allLabel: 'All technologies',
    options: technologyOptions,
  },
];

/**
 * Search by name, description or technology; status filter: all, running, provisioning, stopped
 * (docs/product.md, Web Applications).
 */
export function WebAppsToolbar({ view }: { view: WebAppsView }) {
  return (
    <ListToolbar
      view={view}
      label="Application filters"
      search={{
        label: 'Search applications',
        placeholder: 'Search by name, description or technology...',
        className: 'lg:flex-1',
      }}
      filters={filters}
      sortOptions={sortOptions}
    />
  );
}
