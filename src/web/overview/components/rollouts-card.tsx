import type { OverviewRollout } from '@contract/overview-attention';
import { environmentLabel } from '@/lib/format';
import { useOverviewRollouts } from '@/overview/api/attention';
import { AttentionCard, CappedList } from '@/overview/components/attention-card';
import { countdownText } from '@/overview/components/time-text';
import { useNow } from '@/overview/components/use-now';
import { useReducedMotion } from '@/overview/components/use-reduced-motion';

const STATE_TEXT: Record<OverviewRollout['state'], string> = {
  running: 'Next step in',
  watching: 'Watch ends in',
  paused: 'Paused',
  completed: 'Completed',
  aborted: 'Aborted',
};

/** The time to the next step: a second-by-second countdown, or whole minutes when motion is reduced. */
function NextStep({ rollout }: { rollout: OverviewRollout }) {
  const reduced = useReducedMotion();
  const now = useNow(reduced ? 30_000 : 1_000);
  const label = STATE_TEXT[rollout.state];
  if (!rollout.nextActionAt || rollout.state === 'paused') return <span>{label}</span>;
  const left = reduced
    ? `about ${Math.max(0, Math.ceil((Date.parse(rollout.nextActionAt) - now) / 60_000))} min`
    : countdownText(rollout.nextActionAt, now);
  return (
    <span>
      {label}{' '}
      <time
        dateTime={rollout.nextActionAt}
        className="font-medium tabular-nums"
        data-testid="rollout-countdown"
      >
        {left}
      </time>
    </span>
  );
}

function RolloutRow({ rollout }: { rollout: OverviewRollout }) {
  const name = `${rollout.resourceName} ${environmentLabel(rollout.environment)}`;
  const step = Math.min(rollout.stepIndex + 1, rollout.steps.length);
  return (
    <li data-testid="rollout" className="space-y-1 py-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="min-w-0 truncate font-medium">{name}</span>
        <span className="shrink-0 text-xs text-muted-foreground">
          step {step} of {rollout.steps.length}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${name}: traffic to ${rollout.toSlot}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rollout.trafficPercentage}
        aria-valuetext={`${rollout.trafficPercentage}% to ${rollout.toSlot}, step ${step} of ${rollout.steps.length}`}
        className="relative h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className="h-full rounded-full bg-primary motion-safe:transition-[width] motion-safe:duration-700"
          style={{ width: `${rollout.trafficPercentage}%` }}
        />
      </div>
      <div className="flex justify-between gap-2 text-xs text-muted-foreground">
        <span>
          {rollout.fromSlot} {100 - rollout.trafficPercentage}% · {rollout.toSlot} {rollout.trafficPercentage}
          %
        </span>
        <NextStep rollout={rollout} />
      </div>
    </li>
  );
}

/** Progressive switches in progress: a bar per rollout, its step, split and the countdown to its next step. */
export function RolloutsCard() {
  return (
    <AttentionCard
      id="overview-rollouts"
      title="Rollouts in progress"
      link={{ to: '/deployments', label: 'Deployments' }}
      query={useOverviewRollouts()}
      isEmpty={(data) => data.total === 0}
      emptyText="No rollout is in progress."
    >
      {(data) => (
        <CappedList total={data.total} shown={data.items.length}>
          {data.items.map((rollout) => (
            <RolloutRow key={rollout.id} rollout={rollout} />
          ))}
        </CappedList>
      )}
    </AttentionCard>
  );
}
