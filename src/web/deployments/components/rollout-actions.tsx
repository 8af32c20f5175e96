import type { Rollout } from '@contract/rollouts';
import { environmentNames, rolloutActions } from '@contract/vocabulary';
import { Pause, Play, Rocket, Undo2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { lazyDialog, usePrefetchWhenIdle } from '@/components/lazy-dialog';
import { rolloutActionChange, type RolloutActionInput } from '@/deployments/api/rollout-action';
import { useRolloutRun } from '@/deployments/components/use-rollout-run';
import type { Environment, ResourceKind } from '@/deployments/lib/resource-kinds';
import { canRunAction, rolloutActionText } from '@/deployments/lib/rollouts';
import type { ApprovalGate } from '@/deployments/lib/use-approval-gate';

// The dialogs load on their own (the rollout paints without them); the request dialog is mounted only
// while open.
const AbortRolloutDialog = lazyDialog(() =>
  import('@/deployments/components/abort-rollout-dialog').then((m) => m.AbortRolloutDialog),
);
const DeploymentRequestDialog = lazyDialog(
  () => import('@/deployments/components/deployment-request-dialog').then((m) => m.DeploymentRequestDialog),
  () => true,
);

type RolloutActionsProps = {
  kind: ResourceKind;
  id: string;
  environment: Environment;
  name: string;
  rollout: Rollout;
  /** Actions are for administrators; others see the buttons disabled. */
  canAct: boolean;
};

const icons = { pause: Pause, resume: Play, promote: Rocket, abort: Undo2 };

type RolloutRequestProps = {
  gate: ApprovalGate<RolloutActionInput>;
  requested: RolloutActionInput;
  name: string;
  environment: Environment;
  rollout: Rollout;
};

/** The change request for a resume or promote the platform's policy asks approvals for. */
function RolloutRequest({ gate, requested, name, environment, rollout }: RolloutRequestProps) {
  const button = rolloutActionText[requested.action].button;
  return (
    <DeploymentRequestDialog
      {...requested}
      title={`Request: ${button.toLowerCase()} the rollout of ${name} in ${environmentNames[environment]}`}
      description={`The rollout to the ${rollout.toSlot.toUpperCase()} slot is ${rollout.state} at ${rollout.trafficPercentage}% of traffic.`}
      form={gate.form}
      change={rolloutActionChange(requested)}
      bypassConfirmation={{
        title: `${button} the rollout of ${name} in Production?`,
        description: 'Production traffic moves at once, without approval.',
        confirmLabel: button,
      }}
      onClose={gate.close}
    />
  );
}

/**
 * Pause / Resume / Promote now / Abort (the ones the rollout's state allows; abort asks why). Resume and
 * promote go through the platform's approval policy like a switch (where it asks approvals, a change
 * request); pause and abort apply at once.
 */
export function RolloutActions({ kind, id, environment, name, rollout, canAct }: RolloutActionsProps) {
  usePrefetchWhenIdle(DeploymentRequestDialog);
  const { run, gate, pending, aborting, setAborting } = useRolloutRun({ kind, id, environment, rollout });

  const busy = !canAct || pending || gate.form.mode === 'loading';
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Rollout actions">
      {rolloutActions
        .filter((action) => canRunAction(action, rollout.state))
        .map((action) => {
          const Icon = icons[action];
          return (
            <Button
              key={action}
              variant={action === 'abort' ? 'destructive' : action === 'promote' ? 'default' : 'outline'}
              size="sm"
              disabled={busy}
              title={canAct ? undefined : 'Only administrators can act on a rollout'}
              onClick={() => (action === 'abort' ? setAborting(true) : run(action))}
            >
              <Icon aria-hidden="true" />
              {rolloutActionText[action].button}
            </Button>
          );
        })}
      <AbortRolloutDialog
        open={aborting}
        onOpenChange={setAborting}
        stable={`the ${rollout.fromSlot.toUpperCase()} slot`}
        pending={pending}
        onAbort={(reason) => run('abort', reason)}
      />
      {gate.requested && (
        <RolloutRequest
          gate={gate}
          requested={gate.requested}
          name={name}
          environment={environment}
          rollout={rollout}
        />
      )}
    </div>
  );
}
