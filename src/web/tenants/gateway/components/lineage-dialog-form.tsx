import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose, DialogFooter } from '@/components/ui/dialog';
import { useFocusAfterSubmit } from '@/hooks/use-focus-after-submit';

type LineageDialogFormProps = {
  /** Accessible name of the form, e.g. "Edit route". */
  label: string;
  /** While submitting: every field and button is disabled. */
  pending: boolean;
  /** "Create Route", or "Request change" / "Apply now (bypass)" where the change needs approval. */
  submitLabel: string;
  /** The approval policy is still loading, or the request fields are incomplete. */
  submitDisabled?: boolean;
  /** A bypass applies a production change at once: its button is red. */
  destructive?: boolean;
  onSubmit: (event: FormEvent) => Promise<void> | void;
  children: ReactNode;
};

/**
 * The route and policy form: fields, then Cancel and submit, all disabled while it submits. Like the
 * shared DialogForm, with a submit that can wait for the approval policy and turn red for a bypass.
 */
export function LineageDialogForm({
  label,
  pending,
  submitLabel,
  submitDisabled = false,
  destructive = false,
  onSubmit,
  children,
}: LineageDialogFormProps) {
  const ref = useFocusAfterSubmit(pending);
  return (
    <form ref={ref} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={label}>
      <fieldset disabled={pending} className="space-y-6">
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </DialogFooter>
      </fieldset>
    </form>
  );
}
