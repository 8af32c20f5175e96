import { otherSlot, type Environment, type Slot } from '@contract/blue-green';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ChangeRequestForm } from '@/components/change-request-form';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useBlueGreenAction, type BlueGreenTarget } from '@/components/blue-green/api';
import { WithChangeRequestForm } from '@/components/with-change-request-form';
import { notifyError, notifySuccess } from '@/components/notify';
import { useFocusAfterSubmit } from '@/hooks/use-focus-after-submit';

type SwitchSlotDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: BlueGreenTarget;
  environment: Environment;
  environmentLabel: string;
  /** The live slot; the other one receives the version. */
  fromSlot: Slot;
};

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

function SwitchSlotForm({
  target,
  environment,
  environmentLabel,
  fromSlot,
  request,
  onDone,
}: Omit<SwitchSlotDialogProps, 'open' | 'onOpenChange'> & {
  request: ChangeRequestForm;
  onDone: () => void;
}) {
  // One free-text field whose only rule (non-empty) also disables confirm: plain state suffices.
  const [version, setVersion] = useState('');
  const switchSlot = useBlueGreenAction(target, 'switch');
  const queryClient = useQueryClient();
  const toSlot = otherSlot(fromSlot);
  const id = `switch-${environment}-version`;
  const requesting = request.mode === 'request';
  const pending = switchSlot.isPending || request.pending;

  // Production traffic moves at once: there, Switch asks once more (on top of this form, so Cancel
  // returns to the typed version). Other environments switch on Switch. A request moves nothing until
  // it is approved, so it does not ask; a bypass applies at once, so it does.
  const [confirming, setConfirming] = useState(false);
  const production = environment === 'production';
  const asks = production && (!requesting || request.bypass);

  const runRequest = (toVersion: string) => {
    if (!target.approval) return;
    request.submit(target.approval.switchChange({ environment, toVersion }), {
      onSuccess: (created) => {
        if (created.status === 'applied') void queryClient.invalidateQueries({ queryKey: target.queryKey });
        setConfirming(false);
        onDone();
      },
      onError: () => setConfirming(false),
    });
  };

  const run = () => {
    const toVersion = version.trim();
    if (!toVersion) return;
    if (requesting) {
      runRequest(toVersion);
      return;
    }
    switchSlot.mutate(
      { environment, toVersion },
      {
        onSuccess: () => {
          notifySuccess(
            'Slot Switched',
            `${environmentLabel} now serves the ${toSlot.toUpperCase()} slot (${toVersion}).`,
          );
          setConfirming(false);
          onDone();
        },
        onError: (error) => {
          setConfirming(false);
          if (!request.handleDirectError(error)) notifyError(error, 'Failed to switch slot.');
        },
      },
    );
  };

  const formRef = useFocusAfterSubmit(pending);
  const ready = !!version.trim() && request.mode !== 'loading' && (!requesting || request.valid);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    if (asks) setConfirming(true);
    else run();
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      className="grid gap-4"
      aria-label={`Switch ${environmentLabel} slot`}
    >
      <DialogHeader>
        <DialogTitle>Switch {environmentLabel} Slot</DialogTitle>
        <DialogDescription>
          Switching from the {fromSlot.toUpperCase()} slot to the {toSlot.toUpperCase()} slot. The{' '}
          {toSlot.toUpperCase()} slot receives the version below and takes the traffic.
        </DialogDescription>
      </DialogHeader>
      <fieldset disabled={pending} className="space-y-4">
        <div className="space-y-2">
          <Label htmlFor={id}>Version to deploy</Label>
          <Input
            id={id}
            autoFocus
            placeholder="e.g. 2.5.0"
            value={version}
            onChange={(e) => setVersion(e.target.value)}
          />
        </div>
        {requesting && request.fields}
      </fieldset>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button
          type="submit"
          variant={requesting && request.bypass ? 'destructive' : 'default'}
          disabled={!ready || pending}
        >
          {pending
            ? requesting
              ? 'Sending...'
              : 'Switching...'
            : requesting
              ? request.submitLabel
              : 'Switch'}
        </Button>
      </DialogFooter>
      {production && (
        <ConfirmDialog
          open={confirming}
          title={`Switch live ${environmentLabel} traffic to the ${toSlot.toUpperCase()} slot?`}
          description={`All ${environmentLabel} traffic moves from the ${fromSlot.toUpperCase()} slot to the ${toSlot.toUpperCase()} slot running ${version.trim()}, at once. A rollback moves it back.`}
          pending={pending}
          onConfirm={run}
          onClose={() => setConfirming(false)}
          confirmLabel={`Switch ${environmentLabel}`}
          pendingLabel="Switching..."
        />
      )}
    </form>
  );
}
