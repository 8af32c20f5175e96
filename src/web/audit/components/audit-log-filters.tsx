import type { ReactNode } from 'react';
import { ALL, auditResourceTypeOptions } from '@/audit/filters';
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

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

type DateFilterProps = {
  name: 'from' | 'to';
  label: string;
  view: AuditView;
  /** The other end of the range bounds this one. */
  bound: { min?: string; max?: string };
};

function DateFilter({ name, label, view, bound }: DateFilterProps) {
  return (
    <Labelled id={`audit-${name}`} label={label}>
      <Input
        id={`audit-${name}`}
        type="date"
        value={view.filters[name]}
        {...bound}
        onChange={(event) => view.setFilter(name, event.target.value)}
      />
    </Labelled>
  );
}

/** Actor (typed, debounced), resource type, tenant (server-searching picker) and a local-day range. */
export function AuditLogFilters({ view }: { view: AuditView }) {
  const { filters, setFilter } = view;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" role="search" aria-label="Audit log filters">
      <Labelled id="audit-actor" label="Actor">
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
      </Labelled>
      <Labelled id="audit-resource-type" label="Resource type">
        <select
          id="audit-resource-type"
          className={selectClass}
          value={filters.resourceType || ALL}
          onChange={(event) =>
            setFilter('resourceType', event.target.value === ALL ? '' : event.target.value)
          }
        >
          <option value={ALL}>All resource types</option>
          {auditResourceTypeOptions.map(({ value, label }) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Labelled>
      <Labelled id="audit-tenant" label="Tenant">
        <TenantCombobox
          id="audit-tenant"
          emptyLabel="All tenants"
          value={filters.tenantId}
          onChange={(value) => setFilter('tenantId', value)}
        />
      </Labelled>
      <DateFilter name="from" label="From" view={view} bound={{ max: filters.to || undefined }} />
      <DateFilter name="to" label="To" view={view} bound={{ min: filters.from || undefined }} />
    </div>
  );
}
