import type { ChangeRequestDetail } from '@contract/changes';
import type { ChangeRequestAction } from '@/changes/api/change-request-actions';
import { CommentDialog } from '@/changes/components/comment-dialog';
import { PromoteDialog } from '@/changes/components/promote-dialog';
import { RevertDialog } from '@/changes/components/revert-dialog';
import { ScheduleDialog } from '@/changes/components/schedule-dialog';
import { ConfirmDialog } from '@/components/confirm-dialog';

export type ReviewDialogName = 'approve' | 'reject' | 'cancel' | 'schedule' | 'revert' | 'promote';

type ChangeRequestDialogsProps = {
  request: ChangeRequestDetail;
  /** The open one; null: none. */
  dialog: ReviewDialogName | null;
  close: () => void;
  pending: boolean;
  /** Sends the decision; `onDone` after it went through. */
  run: (action: ChangeRequestAction, onDone?: () => void) => void;
};

/** What approving does: applies now, at the scheduled time, or counts towards the approvals needed. */
function approveDescription({ approvals, requiredApprovals, scheduledAt }: ChangeRequestDetail): string {
  if (approvals + 1 < requiredApprovals)
    return `It needs ${requiredApprovals} approvals; it has ${approvals}.`;
  return scheduledAt
    ? 'Yours is the last approval needed: the change will apply at its scheduled time.'
    : 'Yours is the last approval needed: the change applies as soon as you approve.';
}

/** The Approve, Reject, Cancel, Schedule, Revert and Promote dialogs of the review page. */
export function ChangeRequestDialogs({ request, dialog, close, pending, run }: ChangeRequestDialogsProps) {
  const name = `#${request.number}`;
  const onOpenChange = (open: boolean) => !open && close();
  return (
    <>
      <CommentDialog
        open={dialog === 'approve'}
        onOpenChange={onOpenChange}
        title={`Approve ${name}?`}
        description={approveDescription(request)}
        label="Comment (optional)"
        submitLabel="Approve"
        pendingLabel="Approving..."
        required={false}
        pending={pending}
        onSubmit={(comment) => run({ type: 'approve', comment: comment || undefined }, close)}
      />
      <CommentDialog
        open={dialog === 'reject'}
        onOpenChange={onOpenChange}
        title={`Reject ${name}?`}
        description="The change will not be applied. Say why, so the requester knows what to do instead."
        label="Reason"
        submitLabel="Reject"
        pendingLabel="Rejecting..."
        required
        requiredMessage="Say why you reject it"
        pending={pending}
        onSubmit={(comment) => run({ type: 'reject', comment }, close)}
      />
      <ConfirmDialog
        open={dialog === 'cancel'}
        title={`Cancel ${name}?`}
        description="The change will not be applied, and nobody can approve it any more. Request it again to change your mind."
        pending={pending}
        confirmLabel="Cancel request"
        pendingLabel="Cancelling..."
        onConfirm={() => run({ type: 'cancel' }, close)}
        onClose={close}
      />
      <ScheduleDialog
        open={dialog === 'schedule'}
        onOpenChange={onOpenChange}
        scheduledAt={request.scheduledAt}
        scheduleTimeZone={request.scheduleTimeZone}
        pending={pending}
        onSubmit={(schedule) => run({ type: 'schedule', schedule }, close)}
      />
      {request.can.revert && (
        <RevertDialog request={request} open={dialog === 'revert'} onOpenChange={onOpenChange} />
      )}
      {request.can.promote && <PromoteDialog request={request} open={dialog === 'promote'} onClose={close} />}
    </>
  );
}
