import { otherSlot } from '@contract/blue-green';
import type { ChangeRequestForm } from '@/changes';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RequestChangeDialog, WithChangeRequestForm } from '@/changes';
import { useBlueGreenAction } from '@/blue-green/components/api';
import type { SlotDialogProps } from '@/blue-green/components/blue-green-place';
import { notifyError, notifySuccess } from '@/components/notify';

type RollbackDialogProps = SlotDialogProps;

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

/** In production the rollback moves live traffic: its question says so. */
const productionTitle = ({ environmentLabel, fromSlot }: RollbackDialogProps) =>
  `Rollback ${environmentLabel}: move live traffic back to the ${otherSlot(fromSlot).toUpperCase()} slot?`;

function RequestRollbackDialog(props: WithRequest) {
  const { onOpenChange, target, environment, environmentLabel, fromSlot, request } = props;
  const toSlot = otherSlot(fromSlot).toUpperCase();
  if (!target.approval) return null;
  return (
    <RequestChangeDialog
      open
      onOpenChange={onOpenChange}
      title={`Request: Rollback ${environmentLabel}`}
      description={`Once applied, ${environmentLabel} moves back from the ${fromSlot.toUpperCase()} slot to the ${toSlot} slot.`}
      form={request}
      change={target.approval.rollbackChange({ environment })}
      bypassConfirmation={
        environment === 'production'
          ? {
              title: productionTitle(props),
              description: `All ${environmentLabel} traffic moves back to the ${toSlot} slot at once, without approval.`,
              confirmLabel: 'Rollback',
            }
          : undefined
      }
      appliedRefreshes={target.queryKey}
    />
  );
}

function DirectRollbackDialog(props: WithRequest) {
  const { onOpenChange, target, environment, environmentLabel, fromSlot, request } = props;
  const rollback = useBlueGreenAction(target, 'rollback');
  const toSlot = otherSlot(fromSlot).toUpperCase();
  // In production the rollback moves live traffic: the title says so and the button is destructive.
  const production = environment === 'production';

  const confirm = () =>
    rollback.mutate(
      { environment },
      {
        onSuccess: () => {
          notifySuccess('Rollback Complete', `${environmentLabel} is back on the ${toSlot} slot.`);
          onOpenChange(false);
        },
        // The policy changed since the page loaded: the dialog turns into the request form.
        onError: (error) => {
          if (!request.handleDirectError(error)) notifyError(error, 'Failed to rollback.');
        },
      },
    );

  return (
    <ConfirmDialog
      open
      title={production ? productionTitle(props) : `Rollback ${environmentLabel}?`}
      description={
        <>
          This switches {environmentLabel} back from the {fromSlot.toUpperCase()} slot to the {toSlot} slot
          {production ? ', and all its traffic with it, at once' : ''}. You can undo it by switching again.
        </>
      }
      pending={rollback.isPending}
      onConfirm={confirm}
      onClose={() => onOpenChange(false)}
      confirmLabel="Rollback"
      pendingLabel="Rolling back..."
      confirmVariant={production ? 'destructive' : 'default'}
      confirmDisabled={request.mode === 'loading'}
    />
  );
}
