import type { Change } from '@contract/changes';
import { ListPlus } from 'lucide-react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';
import { useAddToRelease } from '@/releases';

/**
 * What "Add to release" leaves for the submit it starts: that submit (the dialog's own, which validates
 * its form and builds the change) hands the change here instead of filing it (useChangeRequestForm).
 */
export type ReleaseIntent = (change: Change) => void;

/**
 * "Add to release" in a request dialog's fields: it submits the dialog's form, so the dialog checks its
 * fields and builds its change as for "Request change", and the change then joins the user's draft
 * release instead of being filed (the hook toasts the outcome); the dialog closes once it is in. Shown
 * only inside a form, since it works through the form's submit.
 */
export function AddToReleaseSubmit({
  intentRef,
  disabled,
}: {
  intentRef: RefObject<ReleaseIntent | null>;
  disabled: boolean;
}) {
  const add = useAddToRelease();
  const [form, setForm] = useState<HTMLFormElement | null>(null);
  const close = useRef<HTMLButtonElement>(null);
  /** The next submit is this button's: any other (Request change, Enter in a field) drops the intentRef. */
  const ours = useRef(false);

  useEffect(() => {
    if (!form) return;
    const onSubmit = () => {
      if (!ours.current) intentRef.current = null;
      ours.current = false;
    };
    form.addEventListener('submit', onSubmit, true);
    return () => form.removeEventListener('submit', onSubmit, true);
  }, [form, intentRef]);

  const start = () => {
    intentRef.current = (change) => add.mutate(change, { onSuccess: () => close.current?.click() });
    // requestSubmit dispatches the submit at once, or not at all when the form's own checks fail.
    ours.current = true;
    form?.requestSubmit();
    ours.current = false;
  };

  return (
    <div
      hidden={!form}
      className="flex flex-col gap-2 rounded-md border border-dashed p-3 text-sm sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-muted-foreground">
        Part of a larger change? Review and apply it with others as one release.
      </p>
      <Button
        ref={(node) => setForm(node?.form ?? null)}
        type="button"
        variant="outline"
        size="sm"
        disabled={disabled || add.isPending}
        onClick={start}
      >
        <ListPlus aria-hidden="true" />
        {add.isPending ? 'Adding...' : 'Add to release'}
      </Button>
      {/* Closes the dialog as its Cancel would, once the change is in the release. */}
      <DialogClose asChild>
        <button ref={close} type="button" hidden tabIndex={-1} aria-hidden="true" />
      </DialogClose>
    </div>
  );
}
