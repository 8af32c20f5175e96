import { otherSlot, type Environment, type Slot } from '@contract/blue-green';
import { useQueryClient } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import type { ChangeRequestForm } from '@/components/change-request-form';
import { RequestChangeDialog } from '@/components/request-change-dialog';
import { WithChangeRequestForm } from '@/components/with-change-request-form';
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
import { notifyError, notifySuccess } from '@/components/notify';

type RollbackDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  target: BlueGreenTarget;
  environment: Environment;
  environmentLabel: string;
  /** The live slot; rollback returns to the other one. */
  fromSlot: Slot;
};

/**
 * Rollback dialog: back from the active slot to the other; undone by switching again. Where the target's
 * approval policy asks for approvals, it is a request form instead.
 */
export function RollbackDialog(props: RollbackDialogProps) {
  // The form (and its request fields) lives while the dialog is open: every opening starts afresh.
  if (!props.open) return null;
  return (
    <WithChangeRequestForm approval={props.target.approval} environment={props.environment}>
      {(request) =>
        request.mode === 'request' ? (
          <RequestRollbackDialog {...props} request={request} />
        ) : (
          <DirectRollbackDialog {...props} request={request} />
        )
      }
    </WithChangeRequestForm>
  );
}

type WithRequest = RollbackDialogProps & { request: ChangeRequestForm };

function RequestRollbackDialog({
  onOpenChange,
  target,
  environment,
  environmentLabel,
  fromSlot,
  request,
}: WithRequest) {
  const queryClient = useQueryClient();
  const toSlot = otherSlot(fromSlot);
  if (!target.approval) return null;
  return (
    <RequestChangeDialog
      open
      onOpenChange={onOpenChange}
      title={`Request: Rollback ${environmentLabel}`}
      description={`Once applied, ${environmentLabel} moves back from the ${fromSlot.toUpperCase()} slot to the ${toSlot.toUpperCase()} slot.`}
      form={request}
      change={target.approval.rollbackChange({ environment })}
      bypassConfirmation={
        environment === 'production'
          ? {
              title: `Rollback ${environmentLabel}: move live traffic back to the ${toSlot.toUpperCase()} slot?`,
              description: `All ${environmentLabel} traffic moves back to the ${toSlot.toUpperCase()} slot at once, without approval.`,
              confirmLabel: 'Rollback',
            }
          : undefined
      }
      onRequested={(created) => {
        if (created.status === 'applied') void queryClient.invalidateQueries({ queryKey: target.queryKey });
      }}
    />
  );
}

function DirectRollbackDialog({
  onOpenChange,
  target,
  environment,
  environmentLabel,
  fromSlot,
  request,
}: WithRequest) {
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
        // The policy changed since the page loaded: the dialog turns into the request form.
        onError: (error) => {
          if (!request.handleDirectError(error)) notifyError(error, 'Failed to rollback.');
        },
      },
    );
  };

  return (
    <AlertDialog open onOpenChange={(next) => !rollback.isPending && onOpenChange(next)}>
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
            disabled={rollback.isPending || request.mode === 'loading'}
            onClick={confirm}
          >
            {rollback.isPending ? 'Rolling back...' : 'Rollback'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
