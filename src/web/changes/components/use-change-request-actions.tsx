import type { ChangeRequestDetail } from '@contract/changes';
import { useState, type ReactNode } from 'react';
import { useChangeRequestAction, type ChangeRequestAction } from '@/changes/api/change-request-actions';
import { CommentDialog } from '@/changes/components/comment-dialog';
import { ScheduleDialog } from '@/changes/components/schedule-dialog';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { isPreconditionFailed } from '@/lib/api-client';

type DialogName = 'approve' | 'reject' | 'cancel' | 'schedule';

export type ChangeRequestActions = {
  pending: boolean;
  /** The last write lost to someone else's (412) and the reviewer has not reloaded yet. */
  conflict: boolean;
  clearConflict: () => void;
  open: (dialog: DialogName) => void;
  refresh: () => void;
  comment: (body: string, onDone: () => void) => void;
  dialogs: ReactNode;
};

/**
 * The review page's writes: each sends the revision on screen as If-Match (the API hook toasts every
 * outcome), and the Approve, Reject, Cancel and Schedule dialogs that lead to them.
 */
export function useChangeRequestActions(request: ChangeRequestDetail): ChangeRequestActions {
  const mutation = useChangeRequestAction(request.id);
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const run = (action: ChangeRequestAction, onDone?: () => void) =>
    mutation.mutate(
      { action, ifMatch: request.revision },
      {
        onSuccess: () => onDone?.(),
        // The dialog's question no longer stands once the request moved on: close it, the alert says why.
        onError: (error) => {
          if (isPreconditionFailed(error)) setDialog(null);
        },
      },
    );
  const close = () => setDialog(null);
  const name = `#${request.number}`;

  const dialogs = (
    <>
      <CommentDialog
        open={dialog === 'approve'}
        onOpenChange={(open) => !open && close()}
        title={`Approve ${name}?`}
        description={
          request.approvals + 1 >= request.requiredApprovals
            ? request.scheduledAt
              ? 'Yours is the last approval needed: the change will apply at its scheduled time.'
              : 'Yours is the last approval needed: the change applies as soon as you approve.'
            : `It needs ${request.requiredApprovals} approvals; it has ${request.approvals}.`
        }
        label="Comment (optional)"
        submitLabel="Approve"
        pendingLabel="Approving..."
        required={false}
        pending={mutation.isPending}
        onSubmit={(comment) => run({ type: 'approve', comment: comment || undefined }, close)}
      />
      <CommentDialog
        open={dialog === 'reject'}
        onOpenChange={(open) => !open && close()}
        title={`Reject ${name}?`}
        description="The change will not be applied. Say why, so the requester knows what to do instead."
        label="Reason"
        submitLabel="Reject"
        pendingLabel="Rejecting..."
        required
        requiredMessage="Say why you reject it"
        pending={mutation.isPending}
        onSubmit={(comment) => run({ type: 'reject', comment }, close)}
      />
      <ConfirmDialog
        open={dialog === 'cancel'}
        title={`Cancel ${name}?`}
        description="The change will not be applied, and nobody can approve it any more. Request it again to change your mind."
        pending={mutation.isPending}
        confirmLabel="Cancel request"
        pendingLabel="Cancelling..."
        onConfirm={() => run({ type: 'cancel' }, close)}
        onClose={close}
      />
      <ScheduleDialog
        open={dialog === 'schedule'}
        onOpenChange={(open) => !open && close()}
        scheduledAt={request.scheduledAt}
        scheduleTimeZone={request.scheduleTimeZone}
        pending={mutation.isPending}
        onSubmit={(schedule) => run({ type: 'schedule', schedule }, close)}
      />
    </>
  );

  return {
    pending: mutation.isPending,
    conflict: isPreconditionFailed(mutation.error),
    clearConflict: mutation.reset,
    open: setDialog,
    refresh: () => run({ type: 'refresh' }),
    comment: (body, onDone) => run({ type: 'comment', body }, onDone),
    dialogs,
  };
}
