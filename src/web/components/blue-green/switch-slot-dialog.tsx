import { otherSlot, type Environment, type Slot } from '@contract/blue-green';
import { useState, type FormEvent } from 'react';
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
import { notifyError, notifySuccess } from '@/lib/notify';
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

/** Switch dialog: the other slot goes live with the entered version; confirm needs a version. */
export function SwitchSlotDialog({ open, onOpenChange, ...props }: SwitchSlotDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open && <SwitchSlotForm {...props} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function SwitchSlotForm({
  target,
  environment,
  environmentLabel,
  fromSlot,
  onDone,
}: Omit<SwitchSlotDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  // One free-text field whose only rule (non-empty) also disables confirm: plain state suffices.
  const [version, setVersion] = useState('');
  const switchSlot = useBlueGreenAction(target, 'switch');
  const toSlot = otherSlot(fromSlot);
  const id = `switch-${environment}-version`;

  // Production traffic moves at once: there, Switch asks once more (on top of this form, so Cancel
  // returns to the typed version). Other environments switch on Switch.
  const [confirming, setConfirming] = useState(false);
  const production = environment === 'production';

  const run = () => {
    const toVersion = version.trim();
    if (!toVersion) return;
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
          notifyError(error, 'Failed to switch slot.');
        },
      },
    );
  };

  const formRef = useFocusAfterSubmit(switchSlot.isPending);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!version.trim()) return;
    if (production) setConfirming(true);
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
      <fieldset disabled={switchSlot.isPending} className="space-y-2">
        <Label htmlFor={id}>Version to deploy</Label>
        <Input
          id={id}
          autoFocus
          placeholder="e.g. 2.5.0"
          value={version}
          onChange={(e) => setVersion(e.target.value)}
        />
      </fieldset>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={switchSlot.isPending}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="submit" disabled={!version.trim() || switchSlot.isPending}>
          {switchSlot.isPending ? 'Switching...' : 'Switch'}
        </Button>
      </DialogFooter>
      {production && (
        <ConfirmDialog
          open={confirming}
          title={`Switch live ${environmentLabel} traffic to the ${toSlot.toUpperCase()} slot?`}
          description={`All ${environmentLabel} traffic moves from the ${fromSlot.toUpperCase()} slot to the ${toSlot.toUpperCase()} slot running ${version.trim()}, at once. A rollback moves it back.`}
          pending={switchSlot.isPending}
          onConfirm={run}
          onClose={() => setConfirming(false)}
          confirmLabel={`Switch ${environmentLabel}`}
          pendingLabel="Switching..."
        />
      )}
    </form>
  );
}
