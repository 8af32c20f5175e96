import type { ChangeEvent } from '@contract/changes';
import { EVENT_LABELS, formatTime } from '@/changes/lib/format';
import { cn } from '@/lib/utils';

const dotColour: Partial<Record<ChangeEvent['kind'], string>> = {
  approve: 'bg-green-600',
  apply: 'bg-green-600',
  reject: 'bg-destructive',
  fail: 'bg-destructive',
  cancel: 'bg-muted-foreground',
  bypass: 'bg-amber-500',
  reopen: 'bg-amber-500',
  revert: 'bg-amber-500',
};

/** The request's history, oldest first: who did what, when, and what they wrote. */
export function ChangeTimeline({ events }: { events: ChangeEvent[] }) {
  return (
    <ol className="space-y-4" aria-label="Timeline" data-testid="change-timeline">
      {events.map((event) => (
        <li key={event.id} className="flex gap-3" data-testid="change-event" data-kind={event.kind}>
          <span
            aria-hidden="true"
            className={cn('mt-1.5 size-2.5 shrink-0 rounded-full bg-primary', dotColour[event.kind])}
          />
          <div className="min-w-0 space-y-1">
            <p className="text-sm">
              <span className="font-medium break-all">{event.author}</span> {EVENT_LABELS[event.kind]}
              {' · '}
              <time dateTime={event.createdAt} className="text-muted-foreground">
                {formatTime(event.createdAt)}
              </time>
            </p>
            {event.body && (
              <p className="rounded-md bg-muted px-3 py-2 text-sm whitespace-pre-wrap break-words">
                {event.body}
              </p>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
