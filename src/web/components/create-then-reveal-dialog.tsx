import { useState, type ReactNode } from 'react';
import type { DialogOpenProps } from '@/components/dialog-open';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

type CreateThenRevealDialogProps<T> = DialogOpenProps & {
  className: string;
  /** The title and description while the form shows, and once `created` came back. */
  title: string;
  description: string;
  createdTitle: string;
  createdDescription: (created: T) => string;
  /** The form; it hands what the server created to `onCreated`. */
  form: (onCreated: (created: T) => void) => ReactNode;
  /** What was created, with its secret, the one time it is shown. */
  reveal: (created: T) => ReactNode;
};

/**
 * A dialog that creates something with a secret (an API token, a webhook): the form, then the secret,
 * shown once. Each opening starts from an empty form, and a stray click beside the dialog does not throw
 * away a secret that cannot be shown again.
 */
export function CreateThenRevealDialog<T>({
  open,
  onOpenChange,
  className,
  title,
  description,
  createdTitle,
  createdDescription,
  form,
  reveal,
}: CreateThenRevealDialogProps<T>) {
  const [created, setCreated] = useState<T | null>(null);
  const onChange = (next: boolean) => {
    onOpenChange(next);
    if (!next) setCreated(null);
  };
  return (
    <Dialog open={open} onOpenChange={onChange}>
      <DialogContent
        className={className}
        onPointerDownOutside={(event) => created !== null && event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{created === null ? title : createdTitle}</DialogTitle>
          <DialogDescription>
            {created === null ? description : createdDescription(created)}
          </DialogDescription>
        </DialogHeader>
        {open && (created === null ? form(setCreated) : reveal(created))}
      </DialogContent>
    </Dialog>
  );
}
