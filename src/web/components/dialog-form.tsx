import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { useFocusAfterSubmit } from '@/hooks/use-focus-after-submit';
import { DialogCancelButton } from '@/components/dialog-cancel-button';

type DialogFormProps = {
  /** Accessible name of the form, e.g. "Edit tenant". */
  label: string;
  /** While submitting: every field and button is disabled. */
  pending: boolean;
  submitLabel: string;
  /** Shown on the submit button instead while submitting ("Saving..."). */
  pendingLabel?: string;
  /** The submit waits for something besides the fields (an approval policy loading, a bypass reason). */
  submitDisabled?: boolean;
  /** The submit applies something irreversible at once (a bypass of approval): its button is red. */
  destructive?: boolean;
  onSubmit: (event: FormEvent) => Promise<void> | void;
  className?: string;
  children: ReactNode;
};

/** A dialog's form: fields, then Cancel and the submit button, all disabled while it submits. */
export function DialogForm({
  label,
  pending,
  submitLabel,
  pendingLabel,
  submitDisabled = false,
  destructive = false,
  onSubmit,
  className = 'space-y-6',
  children,
}: DialogFormProps) {
  const ref = useFocusAfterSubmit(pending);
  return (
    <form ref={ref} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={label}>
      <fieldset disabled={pending} className={className}>
        {children}
        <DialogFooter>
          <DialogCancelButton />
          <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={submitDisabled}>
            {pending && pendingLabel ? pendingLabel : submitLabel}
          </Button>
        </DialogFooter>
      </fieldset>
    </form>
  );
}
