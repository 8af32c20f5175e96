import { ALL, auditResourceTypes } from '@/audit/filters';
import type { AuditView } from '@/audit/lib/audit-view';
import { SearchInput } from '@/components/list/search-input';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { TenantCombobox } from '@/tenants';

const selectClass = cn(
  'h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none dark:bg-input/30',
  'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
);

/** Actor (typed, debounced), resource type, tenant (server-searching picker) and a local-day range. */
export function AuditLogFilters({ view }: { view: AuditView }) {
  const { filters, setFilter } = view;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" role="search" aria-label="Audit log filters">
      <div className="space-y-2">
        <Label htmlFor="audit-actor">Actor</Label>
        <SearchInput
          id="audit-actor"
          label="Actor"
          landmark={false}
          placeholder="Email or user id"
          className="sm:max-w-none"
          value={filters.actor}
          // Typing replaces the history entry, as a search does.
          onSearch={(value) => setFilter('actor', value, true)}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="audit-resource-type">Resource type</Label>
        <select
          id="audit-resource-type"
          className={selectClass}
          value={filters.resourceType || ALL}
          onChange={(event) =>
            setFilter('resourceType', event.target.value === ALL ? '' : event.target.value)
          }
        >
          <option value={ALL}>All resource types</option>
          {auditResourceTypes.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-2">
        <Label htmlFor="audit-tenant">Tenant</Label>
        <TenantCombobox
          id="audit-tenant"
          emptyLabel="All tenants"
          value={filters.tenantId}
          onChange={(value) => setFilter('tenantId', value)}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="audit-from">From</Label>
        <Input
          id="audit-from"
          type="date"
          value={filters.from}
          max={filters.to || undefined}
          onChange={(event) => setFilter('from', event.target.value)}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="audit-to">To</Label>
        <Input
          id="audit-to"
          type="date"
          value={filters.to}
          min={filters.from || undefined}
          onChange={(event) => setFilter('to', event.target.value)}
        />
      </div>
    </div>
  );
}
