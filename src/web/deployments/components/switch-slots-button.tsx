import { ArrowLeftRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { lazyDialog, usePrefetchWhenIdle } from '@/components/lazy-dialog';
import { notifyProblem, notifySuccess } from '@/components/notify';
import { toast } from '@/components/ui/use-toast';
import { useSwitchDeployment, type SwitchDeploymentInput } from '@/deployments/api/switch-deployment';
import { healthGateProblem, isNotChecked } from '@/deployments/lib/health';
import type { Environment, ResourceKind } from '@/deployments/lib/resource-kinds';
import { switchPlan, type SlotRow } from '@/deployments/lib/slots';
import { stepsText } from '@/deployments/lib/rollouts';
import { useApprovalGate } from '@/deployments/lib/use-approval-gate';
import { getErrorMessage } from '@/lib/api-client';

// The dialogs load on their own (the slots paint without them) and are mounted only while open.
const SwitchDialog = lazyDialog(
  () => import('@/deployments/components/switch-dialog').then((m) => m.SwitchDialog),
  () => true,
);
const SwitchRequestDialog = lazyDialog(
  () => import('@/deployments/components/switch-request-dialog').then((m) => m.SwitchRequestDialog),
  () => true,
);

type SwitchSlotsButtonProps = {
  kind: ResourceKind;
  resourceId: string | undefined;
  /** Named in the dialog and the production confirmation. */
  resourceName: string | undefined;
  environment: Environment;
  rows: SlotRow[];
  /** Writes are for administrators; others see the button disabled. */
  canSwitch: boolean;
  /** Only a global administrator may force a switch past the health gate. */
  canForce: boolean;
  /** A rollout holds the traffic split: it must be promoted or aborted first. */
  rolloutInProgress: boolean;
};

/**
 * The switch itself, and its submit through the platform's approval policy; `close` closes the switch
 * dialog on success or when the switch becomes a request.
 */
function useSwitchRun(environment: Environment, close: () => void) {
  const switchDeployment = useSwitchDeployment();
  const gate = useApprovalGate<SwitchDeploymentInput>(environment);

  const run = (input: SwitchDeploymentInput, settled?: () => void) =>
    switchDeployment.mutate(input, {
      onSettled: settled,
      onSuccess: () => {
        close();
        if (input.progressive)
          notifySuccess(
            'Progressive rollout started',
            `Traffic moves to the ${input.toSlot.toUpperCase()} slot in steps: ${stepsText(input.progressive.steps ?? [])}.`,
          );
        else notifySuccess('Deployment switched', 'Traffic has been switched to the new slot');
      },
      onError: (error) => {
        // The policy changed since the page loaded: request the switch instead.
        if (gate.requestAfter(error, input)) return close();
        toast({
          variant: 'destructive',
          title: 'Switch failed',
          description: getErrorMessage(error, 'Failed to switch deployment.'),
        });
      },
    });

  const submit = (input: SwitchDeploymentInput, direct: (input: SwitchDeploymentInput) => void) => {
    if (gate.form.mode === 'request') close();
    gate.run(input, direct);
  };

  return { run, submit, gate, pending: switchDeployment.isPending };
}

/**
 * Switch Slots: from the live slot to the inactive one, all at once or progressively (docs/rollouts.md).
 * The dialog says beforehand when the target slot is not healthy; production asks once more, since live
 * traffic moves. Where the platform's approval policy asks for approvals, it continues into a request.
 */
export function SwitchSlotsButton(props: SwitchSlotsButtonProps) {
  const { kind, resourceId, resourceName, environment, rows, canSwitch, rolloutInProgress } = props;
  usePrefetchWhenIdle(SwitchDialog, SwitchRequestDialog);
  const [open, setOpen] = useState(false);
  const { run, submit, gate, pending } = useSwitchRun(environment, () => setOpen(false));
  const slots = switchPlan(rows);
  const plan = resourceId && slots ? { kind, id: resourceId, environment, ...slots } : null;
  const name = resourceName ?? resourceId ?? '';

  const onClick = () => {
    if (rolloutInProgress) return;
    if (plan) return setOpen(true);
    notifyProblem('Cannot switch', 'Both blue and green slots must be deployed.');
  };

  // Why the button is off, as its tooltip.
  const refusal = !canSwitch
    ? 'Only administrators can switch slots'
    : rolloutInProgress
      ? 'A rollout is in progress: promote or abort it first'
      : undefined;
  const busy = pending || gate.form.mode === 'loading';
  // A rollout that starts while the button has focus (the switch just approved) would drop the keyboard's
  // focus with a disabled button: it only says it is unavailable until the rollout ends.
  const held = canSwitch && rolloutInProgress;
  return (
    <>
      <Button
        onClick={onClick}
        disabled={(!!refusal && !held) || rows.length < 2 || busy}
        aria-disabled={held || undefined}
        className="aria-disabled:opacity-50"
        title={refusal}
      >
        <ArrowLeftRight aria-hidden="true" />
        {pending ? 'Switching...' : 'Switch Slots'}
      </Button>
      {plan && open && (
        <SwitchDialog
          onClose={() => setOpen(false)}
          plan={plan}
          name={name}
          gateProblem={healthGateProblem(rows.find((row) => row.slot === plan.toSlot))}
          notChecked={isNotChecked(rows.find((row) => row.slot === plan.toSlot))}
          canForce={props.canForce}
          requestMode={gate.form.mode === 'request'}
          pending={pending}
          submit={submit}
          onSwitch={run}
        />
      )}
      {gate.requested && (
        <SwitchRequestDialog input={gate.requested} name={name} form={gate.form} onClose={gate.close} />
      )}
    </>
  );
}
