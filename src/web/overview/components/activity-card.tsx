import type { OverviewActivityDay } from '@contract/overview-attention';
import { lazy, Suspense } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { useOverviewActivity } from '@/overview/api/attention';
import { AttentionCard } from '@/overview/components/attention-card';

// Recharts loads with the chart, after the cards' text: the screen's own chunk stays small.
const ActivityChart = lazy(() => import('@/overview/charts/activity-chart'));

const sum = (days: OverviewActivityDay[], pick: (day: OverviewActivityDay) => number) =>
  days.reduce((total, day) => total + pick(day), 0);

/** The chart's text alternative: a one-line summary, and every day's figures in a visually hidden table. */
function ActivityText({ days }: { days: OverviewActivityDay[] }) {
  const applied = sum(days, (d) => d.development + d.uat + d.production);
  const failed = sum(days, (d) => d.failed);
  const rolledBack = sum(days, (d) => d.rolledBack);
  return (
    <>
      <p className="text-xs text-muted-foreground" data-testid="activity-summary">
        {applied} applied ({sum(days, (d) => d.production)} in production), {failed} failed, {rolledBack}{' '}
        rolled back in the last {days.length} days.
      </p>
      {/* A table keeps its content's width whatever its own: the hidden wrapper clips it, so it does not
          widen a 320 px page (WCAG 1.4.10). */}
      <div className="sr-only">
        <table>
          <caption>Change requests per day, last {days.length} days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Development</th>
              <th scope="col">UAT</th>
              <th scope="col">Production</th>
              <th scope="col">Failed</th>
              <th scope="col">Rolled back</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td>{d.development}</td>
                <td>{d.uat}</td>
                <td>{d.production}</td>
                <td>{d.failed}</td>
                <td>{d.rolledBack}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** Change volume over the last 30 days, by environment, and the failed or rolled back ones. */
export function ActivityCard({ className }: { className?: string }) {
  return (
    <AttentionCard
      id="overview-activity"
      title="Changes, last 30 days"
      link={{ to: '/changes?tab=recent', label: 'Recent' }}
      query={useOverviewActivity()}
      isEmpty={() => false}
      emptyText=""
      className={className}
    >
      {(data) => (
        <div className="space-y-2">
          <ActivityText days={data.days} />
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <ActivityChart days={data.days} />
          </Suspense>
        </div>
      )}
    </AttentionCard>
  );
}
