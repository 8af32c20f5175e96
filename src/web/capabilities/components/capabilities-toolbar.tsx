import { capabilityStatuses } from '@contract/capabilities';
import { SearchInput } from '@/components/list/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { getStatusStyle } from '@/components/status-badge';

export const ALL_STATUSES = 'all';

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
      <Select
        value={status || ALL_STATUSES}
        onValueChange={(value) => onStatusChange(value === ALL_STATUSES ? '' : value)}
      >
        <SelectTrigger aria-label="Status filter" className="w-full sm:w-48">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL_STATUSES}>All statuses</SelectItem>
          {capabilityStatuses.map((value) => (
            <SelectItem key={value} value={value}>
              {getStatusStyle(value).label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
