import type { OverviewRequest, OverviewRequests } from '@contract/overview-attention';
import { Link } from 'react-router';
import { environmentLabel } from '@/lib/format';
import { useOverviewRequests } from '@/overview/api/attention';
import { AttentionCard } from '@/overview/components/attention-card';
import { ageText } from '@/overview/components/time-text';
import { useNow } from '@/overview/components/use-now';

/** The states of one's own requests the card counts, in the order shown. */
const MINE_STATES = ['pending', 'scheduled', 'failed', 'applied'] as const;
const STATE_NAMES: Record<(typeof MINE_STATES)[number], string> = {
  pending: 'Pending',
  scheduled: 'Scheduled',
  failed: 'Failed',
  applied: 'Applied',
};

function RequestRow({ request, now }: { request: OverviewRequest; now: number }) {
  return (
    <li data-testid="waiting-request" className="flex items-center justify-between gap-2 py-1.5">
      <div className="min-w-0">
        <Link
          to={`/changes/${encodeURIComponent(request.id)}`}
          className="block truncate text-sm font-medium hover:underline"
        >
          #{request.number} {request.title}
        </Link>
        <p className="truncate text-xs text-muted-foreground">
          {environmentLabel(request.environment)} · {request.tenantName ?? 'Platform'} · waiting{' '}
          {ageText(request.createdAt, now)}
        </p>
      </div>
    </li>
  );
}

function RequestsBody({ data }: { data: OverviewRequests }) {
  const now = useNow(60_000);
  const { waiting, mine } = data;
  return (
    <div className="space-y-3">
      <div>
        <h3 className="text-xs font-medium text-muted-foreground">
          Waiting for your review: <span data-testid="waiting-total">{waiting.total}</span>
        </h3>
        {waiting.items.length === 0 ? (
          <p className="py-1 text-sm">Nothing waits for you.</p>
        ) : (
          <ul className="divide-y">
            {waiting.items.map((request) => (
              <RequestRow key={request.id} request={request} now={now} />
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="text-xs font-medium text-muted-foreground">Your requests</h3>
        <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs" data-testid="mine-counts">
          {MINE_STATES.map((state) => (
            <li key={state}>
              <Link to="/changes?tab=mine" className="hover:underline">
                {STATE_NAMES[state]}{' '}
                <span className="font-semibold tabular-nums">{mine.counts[state] ?? 0}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Requests waiting for the viewer's review, oldest first, and the viewer's own by state. */
export function RequestsCard() {
  return (
    <AttentionCard
      id="overview-requests"
      title="Change requests"
      link={{ to: '/changes', label: 'Changes' }}
      query={useOverviewRequests()}
      isEmpty={() => false}
      emptyText=""
    >
      {(data) => <RequestsBody data={data} />}
    </AttentionCard>
  );
}
