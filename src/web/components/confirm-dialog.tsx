import type { MouseEvent, ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { buttonVariants } from '@/components/ui/button';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  description: ReactNode;
  /** While the confirmed action runs: buttons disabled, the dialog stays open. */
  pending: boolean;
  /** Runs the action; the caller closes the dialog when it settles. */
  onConfirm: () => void;
  onClose: () => void;
  confirmLabel?: string;
  pendingLabel?: string;
  /** The confirm button's style: destructive (default) for what cannot be taken back. */
  confirmVariant?: 'destructive' | 'default';
  /** The confirm waits for something besides the action (an approval policy still loading). */
  confirmDisabled?: boolean;
};

/**
 * Asks before a destructive or production-affecting action (delete by default), and stays open until the
 * action settles. Focus starts on Cancel (the AlertDialog default), so Enter never confirms by accident.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  pending,
  onConfirm,
  onClose,
  confirmLabel = 'Delete',
  pendingLabel = 'Deleting...',
  confirmVariant = 'destructive',
  confirmDisabled = false,
}: ConfirmDialogProps) {
  const confirm = (event: MouseEvent) => {
    // Radix closes the dialog on its action; keep it open while the request runs.
    event.preventDefault();
    onConfirm();
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: confirmVariant })}
            disabled={pending || confirmDisabled}
            onClick={confirm}
          >
            {pending ? pendingLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
