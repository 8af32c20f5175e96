import type { DeploymentEvent } from '@contract/blue-green';
import { Badge } from '@/components/ui/badge';
import { formatLocaleDateTime } from '@/lib/format';

const localTime = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatLocaleDateTime(date);
};

const slotAndVersion = (slot: string, version: string) => `${slot.toUpperCase()} (${version || '—'})`;

/** The events given (the last five, newest first); 'switch' in the default style, other actions secondary. */
export function DeploymentHistory({ events }: { events: DeploymentEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-muted-foreground">No deployment history yet</p>;
  return (
    <div className="space-y-2">
      <h4 className="text-sm font-medium">Deployment History</h4>
      <ol className="space-y-2" aria-label="Deployment history">
        {events.map((event, index) => (
          <li
            key={`${event.timestamp}-${index}`}
            data-testid="deployment-event"
            className="flex flex-wrap items-center gap-2 rounded-md bg-muted/50 px-3 py-2 text-sm"
          >
            <Badge
              variant={event.action === 'switch' ? 'default' : 'secondary'}
              data-testid="deployment-action"
            >
              {event.action}
            </Badge>
            <span>
              {slotAndVersion(event.fromSlot, event.fromVersion)} →{' '}
              {slotAndVersion(event.toSlot, event.toVersion)}
            </span>
            <time dateTime={event.timestamp} className="ml-auto text-xs text-muted-foreground">
              {localTime(event.timestamp)}
            </time>
          </li>
        ))}
      </ol>
    </div>
  );
}
