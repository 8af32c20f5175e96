import { useState, type FormEvent, type ReactNode, type Ref } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DialogCancelButton } from '@/components/dialog-cancel-button';

type ConfirmableDialogFormProps = {
  /** The form's accessible name. */
  label: string;
  title: ReactNode;
  description: ReactNode;
  formRef?: Ref<HTMLFormElement>;
  onSubmit: (event: FormEvent) => void;
  pending: boolean;
  submitLabel: string;
  submitDisabled: boolean;
  /** The submit applies at once what approval would have held (a bypass): its button is red. */
  destructive: boolean;
  /** The question asked before the action runs, where it asks one. */
  confirmation?: Omit<ConfirmDialogProps, 'pending'>;
  children: ReactNode;
};

/**
 * The form of a dialog whose action may ask once more before it runs (a production switch, a bypass of
 * approval): title, fields, Cancel and the submit, and the question on top of it, so that Cancel there
 * returns to what was typed.
 */
export function ConfirmableDialogForm({
  label,
  title,
  description,
  formRef,
  onSubmit,
  pending,
  submitLabel,
  submitDisabled,
  destructive,
  confirmation,
  children,
}: ConfirmableDialogFormProps) {
  return (
    <form ref={formRef} onSubmit={onSubmit} className="grid gap-4" aria-label={label}>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      {children}
      <DialogFooter>
        <DialogCancelButton disabled={pending} />
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={submitDisabled}>
          {submitLabel}
        </Button>
      </DialogFooter>
      {confirmation && <ConfirmDialog {...confirmation} pending={pending} />}
    </form>
  );
}

/** Whether the confirmation is open, and the submit that opens it (where it asks) or runs the action. */
export function useConfirmStep() {
  const [confirming, setConfirming] = useState(false);
  const close = () => setConfirming(false);
  const submit = (
    event: FormEvent,
    { ready, asks, run }: { ready: boolean; asks: boolean; run: () => void },
  ) => {
    event.preventDefault();
    if (!ready) return;
    if (asks) setConfirming(true);
    else run();
  };
  return { confirming, close, submit };
}
