import type { Rollout } from '@contract/rollouts';
import { AlertNotice } from '@/components/alert-notice';
import { RolloutHistory } from '@/deployments/components/rollout-history';
import { automaticRollbackReason, rolloutStateLabels, stepsText } from '@/deployments/lib/rollouts';
import { formatDateTime } from '@/deployments/lib/slots';

/**
 * Finished rollouts, newest first, one line each with their history folded. The newest one, rolled back
 * by the runner, is called out: traffic went back without anyone asking.
 */
export function RecentRollouts({
  rollouts,
  showLatestAlert,
}: {
  rollouts: Rollout[];
  showLatestAlert: boolean;
}) {
  if (rollouts.length === 0) return null;
  const [latest] = rollouts;
  const latestRollback = latest && showLatestAlert ? automaticRollbackReason(latest) : null;
  return (
    <section aria-labelledby="recent-rollouts" className="space-y-3">
      <h2 id="recent-rollouts" className="text-base font-semibold">
        Recent rollouts
      </h2>
      {latestRollback && (
        <AlertNotice
          testId="rollout-rolled-back"
          tone="destructive"
          title={`Rolled back automatically: ${latestRollback}`}
        >
          <p className="text-muted-foreground">
            The {latest?.toSlot.toUpperCase()} slot turned unhealthy during its rollout, so all traffic went
            back to the {latest?.fromSlot.toUpperCase()} slot.
          </p>
        </AlertNotice>
      )}
      <ul className="divide-y rounded-lg border text-sm">
        {rollouts.map((rollout) => (
          <li key={rollout.id} className="p-3">
            <details>
              <summary className="cursor-pointer">
                <span className="font-medium">{rolloutStateLabels[rollout.state]}</span> ·{' '}
                {rollout.fromSlot.toUpperCase()} → {rollout.toSlot.toUpperCase()} · {stepsText(rollout.steps)}{' '}
                · by {rollout.startedBy} · {formatDateTime(rollout.startedAt)}
                {rollout.reason && <span className="text-muted-foreground"> · {rollout.reason}</span>}
              </summary>
              <RolloutHistory
                events={rollout.events}
                label={`History of the rollout started ${formatDateTime(rollout.startedAt)}`}
              />
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
