import type { Rollout } from '@contract/rollouts';
import { RolloutCountdown } from '@/deployments/components/rollout-countdown';
import { cn } from '@/lib/utils';

/** Traffic on the new slot (a progressbar), the steps with the current one marked, and the time left. */
export function RolloutProgress({ rollout }: { rollout: Rollout }) {
  const { trafficPercentage: traffic, steps, stepIndex, state } = rollout;
  const to = rollout.toSlot.toUpperCase();
  return (
    <div className="space-y-3">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="text-muted-foreground">Traffic to the {to} slot</span>
        <span className="font-medium tabular-nums" data-testid="rollout-traffic">
          {traffic}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`Traffic to the ${to} slot`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={traffic}
        aria-valuetext={`${traffic}% of traffic on the ${to} slot`}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width]',
            rollout.toSlot === 'blue' ? 'bg-blue-500' : 'bg-green-500',
          )}
          style={{ width: `${traffic}%` }}
        />
      </div>
      <ol aria-label="Steps" className="flex flex-wrap gap-2">
        {steps.map((step, index) => {
          const current = index === stepIndex;
          return (
            <li
              key={step}
              aria-current={current ? 'step' : undefined}
              className={cn(
                'rounded-md border px-2 py-0.5 text-xs tabular-nums',
                current && 'border-primary bg-primary text-primary-foreground',
                index < stepIndex && 'text-muted-foreground line-through',
              )}
            >
              {step}%
            </li>
          );
        })}
      </ol>
      {state === 'paused' ? (
        <p className="text-sm text-muted-foreground">Paused: traffic holds where it is until resumed.</p>
      ) : (
        <RolloutCountdown
          nextActionAt={rollout.nextActionAt}
          label={state === 'watching' ? 'Watch ends in' : 'Time left in this step'}
        />
      )}
    </div>
  );
}
