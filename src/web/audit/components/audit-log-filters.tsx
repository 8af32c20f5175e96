import type { Tenant } from '@contract/tenants';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { ALL, auditResourceTypes, type AuditFilters } from '@/audit/filters';

const selectClass = cn(
  'h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none dark:bg-input/30',
  'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
);

type AuditLogFiltersProps = {
  filters: AuditFilters;
  onChange: (next: AuditFilters) => void;
  tenants: Tenant[];
};

export function AuditLogFilters({ filters, onChange, tenants }: AuditLogFiltersProps) {
  const set = <K extends keyof AuditFilters>(key: K, value: AuditFilters[K]) =>
    onChange({ ...filters, [key]: value });

  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" role="search" aria-label="Audit log filters">
      <div className="space-y-2">
        <Label htmlFor="audit-actor">Actor</Label>
        <Input
          id="audit-actor"
          type="search"
          placeholder="Email or user id"
          value={filters.actor}
          onChange={(event) => set('actor', event.target.value)}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="audit-resource-type">Resource type</Label>
        <select
          id="audit-resource-type"
          className={selectClass}
          value={filters.resourceType}
          onChange={(event) => set('resourceType', event.target.value)}
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
        <select
          id="audit-tenant"
          className={selectClass}
          value={filters.tenantId}
          onChange={(event) => set('tenantId', event.target.value)}
        >
          <option value={ALL}>All tenants</option>
          {tenants.map((tenant) => (
            <option key={tenant.id} value={tenant.id}>
              {tenant.name}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-2">
        <Label htmlFor="audit-from">From</Label>
        <Input
          id="audit-from"
          type="date"
          value={filters.fromDate}
          max={filters.toDate || undefined}
          onChange={(event) => set('fromDate', event.target.value)}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="audit-to">To</Label>
        <Input
          id="audit-to"
          type="date"
          value={filters.toDate}
          min={filters.fromDate || undefined}
          onChange={(event) => set('toDate', event.target.value)}
        />
      </div>
    </div>
  );
}
