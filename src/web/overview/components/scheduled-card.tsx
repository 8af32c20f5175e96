import { Link } from 'react-router';
import { environmentLabel } from '@/lib/format';
import { useOverviewScheduled } from '@/overview/api/attention';
import { AttentionCard, CappedList } from '@/overview/components/attention-card';
import { whenText } from '@/overview/components/time-text';
import { useNow } from '@/overview/components/use-now';

/** Change requests due to apply in the next 24 hours, soonest first. */
export function ScheduledCard() {
  const now = useNow(60_000);
  return (
    <AttentionCard
      id="overview-scheduled"
      title="Scheduled, next 24 h"
      link={{ to: '/changes?tab=scheduled', label: 'Scheduled' }}
      query={useOverviewScheduled()}
      isEmpty={(data) => data.total === 0}
      emptyText="Nothing is scheduled in the next 24 hours."
    >
      {(data) => (
        <CappedList total={data.total} shown={data.items.length}>
          {data.items.map((request) => (
            <li
              key={request.id}
              data-testid="scheduled-request"
              className="flex items-center gap-2 py-1.5 text-sm"
            >
              <time
                dateTime={request.scheduledAt ?? undefined}
                className="w-16 shrink-0 font-medium tabular-nums"
              >
                {request.scheduledAt ? whenText(request.scheduledAt, now) : ''}
              </time>
              <div className="min-w-0">
                <Link
                  to={`/changes/${encodeURIComponent(request.id)}`}
                  className="block truncate hover:underline"
                >
                  #{request.number} {request.title}
                </Link>
                <p className="truncate text-xs text-muted-foreground">
                  {environmentLabel(request.environment)} · {request.tenantName ?? 'Platform'}
                </p>
              </div>
            </li>
          ))}
        </CappedList>
      )}
    </AttentionCard>
  );
}
