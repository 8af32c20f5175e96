import { otherSlot } from '@contract/blue-green';
import { useState } from 'react';
import type { ChangeRequestForm } from '@/changes';
import { ConfirmableDialogForm, useConfirmStep } from '@/components/confirmable-dialog-form';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSwitchSlot, type SwitchSlotFormProps } from '@/blue-green/components/use-switch-slot';
import type { SlotDialogProps } from '@/blue-green/components/blue-green-place';
import { WithChangeRequestForm } from '@/changes';
import { useFocusAfterSubmit } from '@/hooks/use-focus-after-submit';

type SwitchSlotDialogProps = SlotDialogProps;

/**
 * Switch dialog: the other slot goes live with the entered version; confirm needs a version. Where the
 * target's approval policy asks for approvals, it requests the switch instead.
 */
export function SwitchSlotDialog({ open, onOpenChange, ...props }: SwitchSlotDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open && (
          <WithChangeRequestForm approval={props.target.approval} environment={props.environment}>
            {(request) => <SwitchSlotForm {...props} request={request} onDone={() => onOpenChange(false)} />}
          </WithChangeRequestForm>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** One free-text field whose only rule (non-empty) also disables confirm: plain state suffices. */
function VersionField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>Version to deploy</Label>
      <Input
        id={id}
        autoFocus
        placeholder="e.g. 2.5.0"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

function submitLabel(pending: boolean, request: ChangeRequestForm): string {
  const requesting = request.mode === 'request';
  if (pending) return requesting ? 'Sending...' : 'Switching...';
  return requesting ? request.submitLabel : 'Switch';
}

function SwitchSlotForm(props: SwitchSlotFormProps) {
  const { environment, environmentLabel, fromSlot, request } = props;
  const [version, setVersion] = useState('');
  const { pending, run: runSwitch } = useSwitchSlot(props);
  const toSlot = otherSlot(fromSlot).toUpperCase();
  const id = `switch-${environment}-version`;
  const requesting = request.mode === 'request';

  // Production traffic moves at once: there, Switch asks once more (on top of this form, so Cancel
  // returns to the typed version). Other environments switch on Switch. A request moves nothing until
  // it is approved, so it does not ask; a bypass applies at once, so it does.
  const step = useConfirmStep();
  const production = environment === 'production';
  const asks = production && (!requesting || request.bypass);
  const run = () => {
    const toVersion = version.trim();
    if (toVersion) runSwitch(toVersion, step.close);
  };

  const formRef = useFocusAfterSubmit(pending);
  const ready = !!version.trim() && request.mode !== 'loading' && (!requesting || request.valid);

  return (
    <ConfirmableDialogForm
      formRef={formRef}
      label={`Switch ${environmentLabel} slot`}
      title={`Switch ${environmentLabel} Slot`}
      description={`Switching from the ${fromSlot.toUpperCase()} slot to the ${toSlot} slot. The ${toSlot} slot receives the version below and takes the traffic.`}
      onSubmit={(event) => step.submit(event, { ready, asks, run })}
      pending={pending}
      submitLabel={submitLabel(pending, request)}
      submitDisabled={!ready || pending}
      destructive={requesting && request.bypass}
      confirmation={
        production
          ? {
              open: step.confirming,
              title: `Switch live ${environmentLabel} traffic to the ${toSlot} slot?`,
              description: `All ${environmentLabel} traffic moves from the ${fromSlot.toUpperCase()} slot to the ${toSlot} slot running ${version.trim()}, at once. A rollback moves it back.`,
              onConfirm: run,
              onClose: step.close,
              confirmLabel: `Switch ${environmentLabel}`,
              pendingLabel: 'Switching...',
            }
          : undefined
      }
    >
      <fieldset disabled={pending} className="space-y-4">
        <VersionField id={id} value={version} onChange={setVersion} />
        {requesting && request.fields}
      </fieldset>
    </ConfirmableDialogForm>
  );
}
