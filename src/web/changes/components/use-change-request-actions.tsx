import type { ChangeRequestDetail } from '@contract/changes';
import { useState, type ReactNode } from 'react';
import { useChangeRequestAction, type ChangeRequestAction } from '@/changes/api/change-request-actions';
import { ChangeRequestDialogs, type ReviewDialogName } from '@/changes/components/change-request-dialogs';
import { isPreconditionFailed } from '@/lib/api-client';

export type ChangeRequestActions = {
  pending: boolean;
  /** The last write lost to someone else's (412) and the reviewer has not reloaded yet. */
  conflict: boolean;
  clearConflict: () => void;
  open: (dialog: ReviewDialogName) => void;
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
  const [dialog, setDialog] = useState<ReviewDialogName | null>(null);
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

  return {
    pending: mutation.isPending,
    conflict: isPreconditionFailed(mutation.error),
    clearConflict: mutation.reset,
    open: setDialog,
    refresh: () => run({ type: 'refresh' }),
    comment: (body, onDone) => run({ type: 'comment', body }, onDone),
    dialogs: (
      <ChangeRequestDialogs
        request={request}
        dialog={dialog}
        close={() => setDialog(null)}
        pending={mutation.isPending}
        run={run}
      />
    ),
  };
}
