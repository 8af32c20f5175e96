import type { AuditEvent } from '@contract/audit';
import { useState } from 'react';
import type { SortValue } from '@contract/lists';
import type { AuditSortField } from '@/audit/api/get-audit-events';
import { SortableHeader } from '@/components/list/sortable-header';
import { AuditRow } from '@/audit/components/audit-row';

/** Columns in order; those with a field sort on the server (the contract's auditEventSortFields). */
const headers: { label: string; field?: AuditSortField }[] = [
  { label: 'Time', field: 'createdAt' },
  { label: 'Actor', field: 'actorEmail' },
  { label: 'Action', field: 'action' },
  { label: 'Resource', field: 'resourceType' },
  { label: 'Tenant' },
  { label: 'Address' },
];
const headClass = 'h-auto px-3 py-2 font-medium whitespace-nowrap text-muted-foreground';

type AuditLogTableProps = {
  events: AuditEvent[];
  tenantNames: Map<string, string>;
  /** The tenant names are still loading: the table is busy (its tenant cells may show ids meanwhile). */
  namesSettling?: boolean;
  sort: SortValue<AuditSortField>;
  onSort: (sort: SortValue<AuditSortField>) => void;
};

export function AuditLogTable({
  events,
  tenantNames,
  namesSettling = false,
  sort,
  onSort,
}: AuditLogTableProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    // relative: the visually hidden header text is positioned inside this scroller, not past the page's edge.
    <div className="relative overflow-x-auto rounded-lg border">
      <table className="w-full text-sm" data-testid="audit-table" aria-busy={namesSettling || undefined}>
        <thead className="bg-muted/50 text-left text-muted-foreground">
          <tr>
            {headers.map(({ label, field }) =>
              field ? (
                <SortableHeader key={label} field={field} sort={sort} onSort={onSort} className={headClass}>
                  {label}
                </SortableHeader>
              ) : (
                <th key={label} scope="col" className={headClass}>
                  {label}
                </th>
              ),
            )}
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <AuditRow
              key={event.id}
              event={event}
              tenantNames={tenantNames}
              expanded={open.has(event.id)}
              onToggle={() => toggle(event.id)}
              columns={headers.length + 1}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
