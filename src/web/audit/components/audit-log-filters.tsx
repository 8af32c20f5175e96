import { useEffect, useState } from 'react';
import { ALL, auditResourceTypes } from '@/audit/filters';
import type { AuditView } from '@/audit/lib/audit-view';
import { SEARCH_DEBOUNCE_MS } from '@/components/list/search-input';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { cn } from '@/lib/utils';
import { TenantCombobox } from '@/tenants';

const selectClass = cn(
  'h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none dark:bg-input/30',
  'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
);

/** Actor (typed, debounced), resource type, tenant (server-searching picker) and a local-day range. */
export function AuditLogFilters({ view }: { view: AuditView }) {
  const { filters, setFilter } = view;
  const [actor, setActor] = useState(filters.actor);
  const debouncedActor = useDebouncedValue(actor.trim(), SEARCH_DEBOUNCE_MS);
  // Typing replaces the history entry; a back/forward that changes the URL refills the box.
  useEffect(() => {
    if (debouncedActor !== filters.actor) setFilter('actor', debouncedActor, true);
    // Only a pause in typing hands the text on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedActor]);
  useEffect(() => {
    if (filters.actor !== debouncedActor) setActor(filters.actor);
    // Only an outside change of the URL refills the box.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filters.actor]);

  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" role="search" aria-label="Audit log filters">
      <div className="space-y-2">
        <Label htmlFor="audit-actor">Actor</Label>
        <Input
          id="audit-actor"
          type="search"
          placeholder="Email or user id"
          value={actor}
          onChange={(event) => setActor(event.target.value)}
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
