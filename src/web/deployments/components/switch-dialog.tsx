import { environmentNames } from '@contract/vocabulary';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ConfirmableDialogForm } from '@/components/confirmable-dialog-form';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import type { SwitchDeploymentInput } from '@/deployments/api/switch-deployment';
import { HealthGateNotice } from '@/deployments/components/health-gate-notice';
import { SwitchModeFields } from '@/deployments/components/switch-mode-fields';
import { productionQuestion, switchSummary } from '@/deployments/lib/switch-text';
import {
  switchFormDefaults,
  switchFormSchema,
  toSwitchOptions,
  type SwitchFormInput,
  type SwitchFormValues,
} from '@/deployments/lib/switch-form';

type SwitchDialogProps = {
  onClose: () => void;
  /** The switch the slots allow (from the live slot to the idle one), before its options. */
  plan: SwitchDeploymentInput;
  name: string;
  /** Why the health gate would refuse the target slot; null: it is healthy. */
  gateProblem: string | null;
  /** The target slot has no health check: the switch goes ahead "not checked". */
  notChecked: boolean;
  canForce: boolean;
  /** The platform's policy asks approvals: the submit continues to a change request. */
  requestMode: boolean;
  pending: boolean;
  /** Applies the switch directly, or opens the request where the policy asks approvals. */
  submit: (input: SwitchDeploymentInput, direct: (input: SwitchDeploymentInput) => void) => void;
  /** Applies it directly; `settled` runs once the call ends either way. */
  onSwitch: (input: SwitchDeploymentInput, settled?: () => void) => void;
};

/**
 * Switch: all traffic now or progressively, told beforehand when the target slot is not healthy (a
 * global administrator may force it) or has no health check (not checked). Production asks once more
 * before traffic moves.
 */
export function SwitchDialog({ onClose, ...props }: SwitchDialogProps) {
  return (
    <Dialog open onOpenChange={(next) => !next && !props.pending && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <SwitchForm {...props} />
      </DialogContent>
    </Dialog>
  );
}

/** The target slot has no health check: the switch goes ahead, recorded as not checked. */
function NotCheckedNotice({ slot, production }: { slot: string; production: boolean }) {
  return (
    <p data-testid="health-not-checked" className="rounded-md border p-3 text-sm text-muted-foreground">
      The {slot} slot has no health check: not checked. Traffic moves without one, and the audit log records
      the switch as not checked.
      {production && ' Refused if the platform requires health checks in production.'}
    </p>
  );
}

function SwitchForm({
  plan,
  name,
  gateProblem,
  notChecked,
  canForce,
  requestMode,
  pending,
  submit,
  onSwitch,
}: Omit<SwitchDialogProps, 'onClose'>) {
  const form = useForm<SwitchFormInput, unknown, SwitchFormValues>({
    resolver: zodResolver(switchFormSchema),
    defaultValues: switchFormDefaults,
  });
  const [confirming, setConfirming] = useState<SwitchDeploymentInput | null>(null);
  const { environment, toSlot } = plan;
  const production = environment === 'production';
  const forced = useWatch({ control: form.control, name: 'force' });
  const blocked = !!gateProblem && (!canForce || !forced);

  const onSubmit = form.handleSubmit((values) => {
    const input = { ...plan, ...toSwitchOptions(values) };
    submit(input, production ? setConfirming : (direct) => onSwitch(direct));
  });

  return (
    <ConfirmableDialogForm
      label="Switch slots"
      title={`Switch ${name} in ${environmentNames[environment]}`}
      description={`Traffic moves from the ${plan.fromSlot.toUpperCase()} slot to the ${toSlot.toUpperCase()} slot.`}
      onSubmit={(event) => void onSubmit(event)}
      pending={pending}
      submitLabel={requestMode ? 'Continue to request' : pending ? 'Switching...' : 'Switch'}
      submitDisabled={pending || blocked}
      destructive={forced}
      confirmation={
        confirming
          ? {
              open: true,
              title: productionQuestion(name, confirming),
              description: switchSummary(name, confirming),
              onConfirm: () => onSwitch(confirming, () => setConfirming(null)),
              onClose: () => setConfirming(null),
              confirmLabel: 'Switch production traffic',
              pendingLabel: 'Switching...',
            }
          : undefined
      }
    >
      <fieldset disabled={pending} className="grid gap-4">
        <SwitchModeFields form={form} target={toSlot.toUpperCase()} />
        {gateProblem && <HealthGateNotice form={form} problem={gateProblem} canForce={canForce} />}
        {notChecked && <NotCheckedNotice slot={toSlot.toUpperCase()} production={production} />}
      </fieldset>
    </ConfirmableDialogForm>
  );
}
