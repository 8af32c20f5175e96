import { formatCountdown, secondsUntil } from '@/deployments/lib/rollouts';
import { useNow } from '@/deployments/lib/use-now';

type RolloutCountdownProps = {
  /** When the step (or the watch) ends; null: paused or ended. */
  nextActionAt: string | null;
  /** "Time left in this step", "Watch ends in". */
  label: string;
};

/** The time left until the runner moves on, ticking every second (its own component: only it re-renders). */
export function RolloutCountdown({ nextActionAt, label }: RolloutCountdownProps) {
  const now = useNow();
  const seconds = secondsUntil(nextActionAt, now);
  if (seconds === null) return null;
  return (
    <p className="text-sm">
      <span className="text-muted-foreground">{label}: </span>
      <time
        dateTime={`PT${seconds}S`}
        className="font-mono font-medium tabular-nums"
        data-testid="rollout-countdown"
      >
        {seconds === 0 ? 'any moment' : formatCountdown(seconds)}
      </time>
    </p>
  );
}
