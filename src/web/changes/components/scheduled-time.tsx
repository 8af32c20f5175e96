import { browserTimeZone, formatInstant } from '@/changes/lib/format';

/**
 * A scheduled time as its requester set it (in its own zone), with the viewer's local time below when
 * their zone differs, so nobody converts time zones in their head.
 */
export function ScheduledTime({ at, timeZone }: { at: string | null; timeZone: string | null }) {
  if (!at) return <span className="text-muted-foreground">—</span>;
  const local = browserTimeZone();
  return (
    <span className="flex flex-col">
      <time dateTime={at} title={timeZone ?? undefined}>
        {formatInstant(at, timeZone)}
      </time>
      {timeZone && timeZone !== local && (
        <span className="text-xs text-muted-foreground" data-testid="scheduled-local">
          {formatInstant(at, local)} your time
        </span>
      )}
    </span>
  );
}
