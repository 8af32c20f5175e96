import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog';

/** A dialog's Cancel: an outlined button that closes the dialog, disabled while its form submits. */
export function DialogCancelButton({ disabled }: { disabled?: boolean }) {
  return (
    <DialogClose asChild>
      <Button type="button" variant="outline" disabled={disabled}>
        Cancel
      </Button>
    </DialogClose>
  );
}
