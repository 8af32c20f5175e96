import { otherSlot, type Environment, type Slot } from '@contract/blue-green';
import type { MouseEvent } from 'react';
import { buttonVariants } from '@/components/ui/button';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { useBlueGreenAction, type BlueGreenTarget } from '@/components/blue-green/api';
import { notifyError, notifySuccess } from '@/lib/notify';

type RollbackDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: BlueGreenTarget;
  environment: Environment;
  environmentLabel: string;
  /** The live slot; rollback returns to the other one. */
  fromSlot: Slot;
};

/** Rollback dialog: back from the active slot to the other; undone by switching again. */
export function RollbackDialog({
  open,
  onOpenChange,
  target,
  environment,
  environmentLabel,
  fromSlot,
}: RollbackDialogProps) {
  const rollback = useBlueGreenAction(target, 'rollback');
  const toSlot = otherSlot(fromSlot);
  // In production the rollback moves live traffic: the title says so and the button is destructive.
  const production = environment === 'production';

  const confirm = (event: MouseEvent) => {
    // Stay open while the request runs.
    event.preventDefault();
    rollback.mutate(
      { environment },
      {
        onSuccess: () => {
          notifySuccess(
            'Rollback Complete',
            `${environmentLabel} is back on the ${toSlot.toUpperCase()} slot.`,
          );
          onOpenChange(false);
        },
        onError: (error) => notifyError(error, 'Failed to rollback.'),
      },
    );
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !rollback.isPending && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {production
              ? `Rollback ${environmentLabel}: move live traffic back to the ${toSlot.toUpperCase()} slot?`
              : `Rollback ${environmentLabel}?`}
          </AlertDialogTitle>
          <AlertDialogDescription>
            This switches {environmentLabel} back from the {fromSlot.toUpperCase()} slot to the{' '}
            {toSlot.toUpperCase()} slot{production ? ', and all its traffic with it, at once' : ''}. You can
            undo it by switching again.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={rollback.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={production ? buttonVariants({ variant: 'destructive' }) : undefined}
            disabled={rollback.isPending}
            onClick={confirm}
          >
            {rollback.isPending ? 'Rolling back...' : 'Rollback'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
