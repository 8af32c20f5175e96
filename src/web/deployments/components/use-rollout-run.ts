import type { Rollout } from '@contract/rollouts';
import { isImmediateRolloutAction } from '@contract/vocabulary';
import { useState } from 'react';
import { notifyError, notifySuccess } from '@/components/notify';
import { useRolloutAction, type RolloutActionInput } from '@/deployments/api/rollout-action';
import type { Environment, ResourceKind } from '@/deployments/lib/resource-kinds';
import { rolloutActionText } from '@/deployments/lib/rollouts';
import { useApprovalGate } from '@/deployments/lib/use-approval-gate';

/** The rollout acted on, and where it runs. */
type RolloutTarget = {
  kind: ResourceKind;
  id: string;
  environment: Environment;
  rollout: Rollout;
};

/**
 * Runs an action on the rollout: pause and abort at once, resume and promote through the platform's
 * approval policy. `aborting` is the abort dialog's state; a success or a switch to a request closes it.
 */
export function useRolloutRun({ kind, id, environment, rollout }: RolloutTarget) {
  const act = useRolloutAction();
  const gate = useApprovalGate<RolloutActionInput>(environment);
  const [aborting, setAborting] = useState(false);
  const to = rollout.toSlot.toUpperCase();

  const direct = (input: RolloutActionInput) =>
    act.mutate(input, {
      onSuccess: (after) => {
        setAborting(false);
        notifySuccess(
          rolloutActionText[input.action].done,
          `${after.trafficPercentage}% of traffic is on the ${to} slot.`,
        );
      },
      onError: (error) => {
        if (gate.requestAfter(error, input)) return setAborting(false);
        notifyError(error, rolloutActionText[input.action].failed);
      },
    });

  const run = (action: RolloutActionInput['action'], reason?: string) => {
    const input = { kind, id, environment, rolloutId: rollout.id, action, reason };
    // Pause and abort move toward safety: they apply at once, whatever the policy asks of the others.
    if (isImmediateRolloutAction(action)) return direct(input);
    if (gate.form.mode === 'request') setAborting(false);
    gate.run(input, direct);
  };

  return { run, gate, pending: act.isPending, aborting, setAborting };
}
