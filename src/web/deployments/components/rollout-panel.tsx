import type { Rollout } from '@contract/rollouts';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorState } from '@/components/error-state';
import { CurrentRollout } from '@/deployments/components/current-rollout';
import { RecentRollouts } from '@/deployments/components/recent-rollouts';
import type { Environment, ResourceKind } from '@/deployments/lib/resource-kinds';
import { currentRollout } from '@/deployments/lib/rollouts';
import type { SlotRow } from '@/deployments/lib/slots';

type RolloutPanelProps = {
  kind: ResourceKind;
  id: string;
  environment: Environment;
  name: string;
  rollouts: UseQueryResult<Rollout[]>;
  rows: SlotRow[];
  canAct: boolean;
};

/** The resource's rollouts in the environment: the current one with its controls, then the finished ones. */
export function RolloutPanel({ rollouts, rows, ...props }: RolloutPanelProps) {
  if (rollouts.status === 'pending')
    return (
      <p aria-busy="true" className="text-sm text-muted-foreground">
        Loading rollouts...
      </p>
    );
  if (rollouts.status === 'error')
    return (
      <ErrorState
        error={rollouts.error}
        title="Could not load rollouts"
        onRetry={() => void rollouts.refetch()}
      />
    );
  if (rollouts.data.length === 0)
    return <p className="text-sm text-muted-foreground">No progressive rollouts here yet.</p>;
  const current = currentRollout(rollouts.data);
  const finished = rollouts.data.filter((rollout) => rollout !== current);
  return (
    <div className="space-y-6">
      {current && (
        <CurrentRollout
          {...props}
          rollout={current}
          target={rows.find((row) => row.slot === current.toSlot)}
        />
      )}
      <RecentRollouts rollouts={finished} showLatestAlert={!current} />
    </div>
  );
}
