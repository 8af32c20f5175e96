import { capabilityStatuses } from '@contract/vocabulary';
import { SearchInput } from '@/components/list/search-input';
import { FilterSelect } from '@/components/list/filter-select';
import { getStatusStyle } from '@/components/status-badge';

const statusOptions = capabilityStatuses.map((value) => ({ value, label: getStatusStyle(value).label }));

type CapabilitiesToolbarProps = {
  q: string;
  onSearch: (q: string) => void;
  /** '' is every status. */
  status: string;
  onStatusChange: (status: string) => void;
  category: string;
  onCategoryChange: (category: string) => void;
};

/**
 * Search by name, description or category; status filter: all, available, provisioning, deprecated;
 * and a category filter. Each goes to the server (debounced while typing).
 */
export function CapabilitiesToolbar({
  q,
  onSearch,
  status,
  onStatusChange,
  category,
  onCategoryChange,
}: CapabilitiesToolbarProps) {
  return (
    <div
      className="flex flex-col gap-3 sm:flex-row sm:items-center"
      role="search"
      aria-label="Capability filters"
    >
      <SearchInput
        value={q}
        onSearch={onSearch}
        label="Search capabilities"
        placeholder="Search by name, description or category..."
        className="flex-1"
      />
      <SearchInput
        value={category}
        onSearch={onCategoryChange}
        label="Category filter"
        placeholder="Category"
        className="sm:w-48"
      />
      <FilterSelect
        label="Status filter"
        allLabel="All statuses"
        options={statusOptions}
        value={status}
        onChange={onStatusChange}
        className="w-full sm:w-48"
      />
    </div>
  );
}
