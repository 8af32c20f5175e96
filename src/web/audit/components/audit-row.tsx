import type { AuditEvent } from '@contract/audit';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { CodeBlock } from '@/components/code-block';
import { Button } from '@/components/ui/button';
import { formatLocaleDateTime } from '@/lib/format';

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
  return Number.isNaN(date.getTime()) ? iso : formatLocaleDateTime(date);
};

type AuditRowProps = {
  event: AuditEvent;
  tenantNames: Map<string, string>;
  expanded: boolean;
  onToggle: () => void;
  /** The table's column count: the changes row spans them all. */
  columns: number;
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
function ChangesRow({
  id,
  action,
  changes,
  columns,
}: {
  id: string;
  action: string;
  changes: string;
  columns: number;
}) {
  return (
    <tr id={id} className="bg-muted/30">
      <td colSpan={columns} className="px-3 py-2">
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
export function AuditRow({ event, tenantNames, expanded, onToggle, columns }: AuditRowProps) {
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
        <ChangesRow id={detailsId} action={event.action} changes={event.changes} columns={columns} />
      )}
    </>
  );
}
