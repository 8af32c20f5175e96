import type { Rollout } from '@contract/rollouts';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { HealthBadge } from '@/deployments/components/health-badge';
import { RolloutActions } from '@/deployments/components/rollout-actions';
import { RolloutHistory } from '@/deployments/components/rollout-history';
import { RolloutProgress } from '@/deployments/components/rollout-progress';
import type { Environment, ResourceKind } from '@/deployments/lib/resource-kinds';
import { rolloutStateLabels } from '@/deployments/lib/rollouts';
import { formatDateTime, type SlotRow } from '@/deployments/lib/slots';

type CurrentRolloutProps = {
  kind: ResourceKind;
  id: string;
  environment: Environment;
  name: string;
  rollout: Rollout;
  /** The new slot's row, for its health; undefined while the slots load. */
  target: SlotRow | undefined;
  canAct: boolean;
};

/** The rollout in progress: its state, traffic and steps, the new slot's health, its buttons and history. */
export function CurrentRollout({ rollout, target, ...props }: CurrentRolloutProps) {
  const to = rollout.toSlot.toUpperCase();
  return (
    <Card role="region" aria-label="Progressive rollout" data-testid="current-rollout">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center justify-between gap-2">
          <span>Progressive rollout to the {to} slot</span>
          <Badge variant={rollout.state === 'paused' ? 'secondary' : 'default'} data-testid="rollout-state">
            {rolloutStateLabels[rollout.state]}
          </Badge>
        </CardTitle>
        <CardDescription>
          Started by {rollout.startedBy} at {formatDateTime(rollout.startedAt)}; each step is held{' '}
          {rollout.analysisWindowSeconds} s, then watched {rollout.watchWindowSeconds} s at 100%.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <RolloutProgress rollout={rollout} />
        <div className="flex items-start gap-2 text-sm" data-testid="rollout-target-health">
          <span className="text-muted-foreground">{to} slot health:</span>
          <span>{target ? <HealthBadge row={target} /> : 'N/A'}</span>
        </div>
        <RolloutActions {...props} rollout={rollout} />
        <RolloutHistory events={rollout.events} label="Rollout history" />
      </CardContent>
    </Card>
  );
}
