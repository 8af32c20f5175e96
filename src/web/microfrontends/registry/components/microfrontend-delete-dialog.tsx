import type { Microfrontend } from '@contract/microfrontends';
import type { MouseEvent } from 'react';
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
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteMicrofrontend } from '@/microfrontends/registry/api/delete-microfrontend';

type MicrofrontendDeleteDialogProps = {
  open: boolean;
  /** The microfrontend to delete (kept while the dialog closes). */
  microfrontend: Microfrontend | null;
  onClose: () => void;
};

/** Confirms deleting a microfrontend; the server refuses (409) while it is live or a mesh uses it. */
export function MicrofrontendDeleteDialog({ open, microfrontend, onClose }: MicrofrontendDeleteDialogProps) {
  const remove = useDeleteMicrofrontend();

  const confirm = (event: MouseEvent) => {
    // Stay open while the request runs; close when it settles.
    event.preventDefault();
    if (!microfrontend) return;
    remove.mutate(microfrontend.id, {
      onSuccess: () =>
        notifySuccess('Microfrontend deleted', `${microfrontend.name} has been removed from the registry.`),
      onError: (error) => notifyError(error, 'Failed to delete microfrontend.'),
      onSettled: onClose,
    });
  };

  return (
    <AlertDialog
      open={open && microfrontend !== null}
      onOpenChange={(next) => !next && !remove.isPending && onClose()}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete microfrontend?</AlertDialogTitle>
          <AlertDialogDescription>
            {microfrontend
              ? `"${microfrontend.name}" (${microfrontend.slug}) and all its versions will be removed. This cannot be undone.`
              : ''}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: 'destructive' })}
            disabled={remove.isPending}
            onClick={confirm}
          >
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
