import type { WebApp } from '@contract/web-apps';
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
import { useDeleteWebApp } from '@/web-apps/api/delete-web-app';

type WebAppDeleteDialogProps = { open: boolean; app: WebApp | null; onClose: () => void };

/** Confirms deleting a web app. */
export function WebAppDeleteDialog({ open, app, onClose }: WebAppDeleteDialogProps) {
  const remove = useDeleteWebApp();

  const confirm = (event: MouseEvent) => {
    // Stay open while the request runs; close when it settles.
    event.preventDefault();
    if (!app) return;
    remove.mutate(app.id, {
      onSuccess: () => notifySuccess('Web app deleted', `${app.name} has been deleted.`),
      onError: (error) => notifyError(error, 'Failed to delete web app.'),
      onSettled: onClose,
    });
  };

  return (
    <AlertDialog open={open && app !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete application?</AlertDialogTitle>
          <AlertDialogDescription>
            {app ? `"${app.name}" will be deleted. This cannot be undone.` : ''}
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
