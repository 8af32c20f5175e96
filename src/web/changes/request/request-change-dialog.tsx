import type { Change, ChangeRequest } from '@contract/changes';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ChangeRequestForm } from '@/changes/request/change-request-form';
import { ConfirmableDialogForm, useConfirmStep } from '@/components/confirmable-dialog-form';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import type { DialogOpenProps } from '@/components/dialog-open';

type RequestChangeDialogProps = DialogOpenProps & {
  /** e.g. "Request: Rollback Production" */
  title: string;
  description: ReactNode;
  /** In request mode (the caller decides: form.mode === 'request'). */
  form: ChangeRequestForm;
  change: Change;
  /** A bypass applies at once: it asks as the direct action does (docs/safety.md). */
  bypassConfirmation?: { title: string; description: string; confirmLabel: string };
  /** The query that a request applied at once (a bypass, or no approval needed after all) makes stale. */
  appliedRefreshes?: QueryKey;
  onRequested?: (request: ChangeRequest) => void;
};

/**
 * The request form of an action that has no form of its own (a rollback, an activation, a deployment
 * switch): what would change, the request fields, and "Request change" / "Apply now (bypass)", or
 * "Add to release" to file it later with other changes as one request.
 */
export function RequestChangeDialog({ open, onOpenChange, ...props }: RequestChangeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !props.form.pending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-lg">
        <RequestChangeForm {...props} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function RequestChangeForm({
  title,
  description,
  form,
  change,
  bypassConfirmation,
  appliedRefreshes,
  onRequested,
  onDone,
}: Omit<RequestChangeDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const queryClient = useQueryClient();
  const step = useConfirmStep();
  const send = () =>
    form.submit(change, {
      onSuccess: (request) => {
        step.close();
        if (appliedRefreshes && request.status === 'applied')
          void queryClient.invalidateQueries({ queryKey: appliedRefreshes });
        onRequested?.(request);
        onDone();
      },
      onError: step.close,
    });

  return (
    <ConfirmableDialogForm
      label={title}
      title={title}
      description={description}
      onSubmit={(event) =>
        step.submit(event, { ready: form.valid, asks: form.bypass && !!bypassConfirmation, run: send })
      }
      pending={form.pending}
      submitLabel={form.pending ? 'Sending...' : form.submitLabel}
      submitDisabled={!form.valid || form.pending}
      destructive={form.bypass}
      confirmation={
        bypassConfirmation && {
          ...bypassConfirmation,
          open: step.confirming,
          onConfirm: send,
          onClose: step.close,
          pendingLabel: 'Applying...',
        }
      }
    >
      {form.fields}
    </ConfirmableDialogForm>
  );
}
