import type { Change, ChangeRequest } from '@contract/changes';
import { useState, type FormEvent, type ReactNode } from 'react';
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

type RequestChangeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** e.g. "Request: Rollback Production" */
  title: string;
  description: ReactNode;
  /** In request mode (the caller decides: form.mode === 'request'). */
  form: ChangeRequestForm;
  change: Change;
  /** A bypass applies at once: it asks as the direct action does (docs/safety.md). */
  bypassConfirmation?: { title: string; description: string; confirmLabel: string };
  onRequested?: (request: ChangeRequest) => void;
};

/**
 * The request form of an action that has no form of its own (a rollback, an activation, a deployment
 * switch): what would change, the request fields, and "Request change" / "Apply now (bypass)".
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
  onRequested,
  onDone,
}: Omit<RequestChangeDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const send = () =>
    form.submit(change, {
      onSuccess: (request) => {
        setConfirming(false);
        onRequested?.(request);
        onDone();
      },
      onError: () => setConfirming(false),
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.valid) return;
    if (form.bypass && bypassConfirmation) setConfirming(true);
    else send();
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label={title}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {form.fields}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={form.pending}>
            Cancel
          </Button>
        </DialogClose>
        <Button
          type="submit"
          variant={form.bypass ? 'destructive' : 'default'}
          disabled={!form.valid || form.pending}
        >
          {form.pending ? 'Sending...' : form.submitLabel}
        </Button>
      </DialogFooter>
      {bypassConfirmation && (
        <ConfirmDialog
          open={confirming}
          title={bypassConfirmation.title}
          description={bypassConfirmation.description}
          pending={form.pending}
          onConfirm={send}
          onClose={() => setConfirming(false)}
          confirmLabel={bypassConfirmation.confirmLabel}
          pendingLabel="Applying..."
        />
      )}
    </form>
  );
}
