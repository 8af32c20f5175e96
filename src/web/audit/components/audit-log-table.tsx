import type { AuditEvent } from '@contract/audit';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import type { SortValue } from '@contract/lists';
import type { AuditSortField } from '@/audit/api/get-audit-events';
import { SortableHeader } from '@/components/list/sortable-header';
import { CodeBlock } from '@/components/code-block';
import { Button } from '@/components/ui/button';

/** The changes JSON text, indented; the raw text when it does not parse. */
export function prettyChanges(changes: string): string {
  try {
    return JSON.stringify(JSON.parse(changes), null, 2);
  } catch {
    return changes;
  }
}

const formatTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
};

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
  sort: SortValue<AuditSortField>;
  onSort: (sort: SortValue<AuditSortField>) => void;
};

type AuditRowProps = {
  event: AuditEvent;
  tenantNames: Map<string, string>;
  expanded: boolean;
  onToggle: () => void;
};

function ActorCell({ event }: { event: AuditEvent }) {
  return (
    <td className="px-3 py-2 break-all">
      {event.actorEmail ?? event.actorId ?? 'system'}
      {/* A pipeline's doing, not the person at the console: which token acted. */}
      {event.actorTokenName !== null && (
        <span className="block text-xs text-muted-foreground" data-testid="audit-actor-token">
          via token {event.actorTokenName}
        </span>
      )}
    </td>
  );
}

/** An expanded event's changes, across the whole row. */
function ChangesRow({ id, action, changes }: { id: string; action: string; changes: string }) {
  return (
    <tr id={id} className="bg-muted/30">
      <td colSpan={headers.length + 1} className="px-3 py-2">
        <CodeBlock
          label={`Changes of ${action}`}
          className="max-h-80 bg-transparent p-0"
          data-testid="audit-changes"
        >
          {prettyChanges(changes)}
        </CodeBlock>
      </td>
    </tr>
  );
}

/** One event, and its changes below it while expanded. */
function AuditRow({ event, tenantNames, expanded, onToggle }: AuditRowProps) {
  const detailsId = `audit-details-${event.id}`;
  return (
    <>
      <tr className="border-t align-top" data-testid="audit-row">
        <td className="px-3 py-2 whitespace-nowrap tabular-nums">
          <time dateTime={event.createdAt}>{formatTime(event.createdAt)}</time>
        </td>
        <ActorCell event={event} />
        <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{event.action}</td>
        <td className="px-3 py-2">
          <span>{event.resourceType}</span>
          {event.resourceId && (
            <span className="block font-mono text-xs break-all text-muted-foreground">
              {event.resourceId}
            </span>
          )}
        </td>
        <td className="px-3 py-2">
          {event.tenantId ? (tenantNames.get(event.tenantId) ?? event.tenantId) : '—'}
        </td>
        <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{event.ip ?? '—'}</td>
        <td className="px-3 py-2 text-right">
          {event.changes !== null && (
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={expanded}
              aria-controls={expanded ? detailsId : undefined}
              onClick={onToggle}
            >
              {expanded ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
              Details
            </Button>
          )}
        </td>
      </tr>
      {expanded && event.changes !== null && (
        <ChangesRow id={detailsId} action={event.action} changes={event.changes} />
      )}
    </>
  );
}

export function AuditLogTable({ events, tenantNames, sort, onSort }: AuditLogTableProps) {
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
      <table className="w-full text-sm" data-testid="audit-table">
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
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
