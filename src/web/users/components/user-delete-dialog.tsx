import type { User } from '@contract/users';
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
import { useDeleteUser } from '@/users/api/delete-user';
import { notifyError, notifySuccess } from '@/lib/notify';

type UserDeleteDialogProps = {
  open: boolean;
  /** The user to delete (kept while the dialog closes). */
  user: User | null;
  onClose: () => void;
};

/** Confirms deleting a user; the server refuses (409) yourself and the last active administrator. */
export function UserDeleteDialog({ open, user, onClose }: UserDeleteDialogProps) {
  const remove = useDeleteUser();

  const confirm = (event: MouseEvent) => {
    // Stay open while the request runs; close when it settles.
    event.preventDefault();
    if (!user) return;
    remove.mutate(user.id, {
      onSuccess: () => notifySuccess('User deleted', `${user.name} has been removed.`),
      onError: (error) => notifyError(error, 'Failed to delete user.'),
      onSettled: onClose,
    });
  };

  return (
    <AlertDialog
      open={open && user !== null}
      onOpenChange={(next) => !next && !remove.isPending && onClose()}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete user?</AlertDialogTitle>
          <AlertDialogDescription>
            {user
              ? `${user.name} (${user.email}) and their access to every tenant will be removed. This cannot be undone.`
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
