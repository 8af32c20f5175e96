import type { User } from '@contract/users';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteUser } from '@/users/api/delete-user';
import { notifyDeleteError } from '@/concurrency';
import { notifySuccess } from '@/components/notify';

type UserDeleteDialogProps = {
  open: boolean;
  /** The user to delete (kept while the dialog closes). */
  user: User | null;
  onClose: () => void;
};

/** Confirms deleting a user; the server refuses (409) yourself and the last active administrator. */
export function UserDeleteDialog({ open, user, onClose }: UserDeleteDialogProps) {
  const remove = useDeleteUser();

  return (
    <ConfirmDialog
      open={open && user !== null}
      title="Delete user?"
      description={
        user
          ? `${user.name} (${user.email}) and their access to every tenant will be removed. This cannot be undone.`
          : ''
      }
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        user &&
        remove.mutate(
          { id: user.id, ifMatch: user.revision },
          {
            onSuccess: () => notifySuccess('User deleted', `${user.name} has been removed.`),
            onError: (error) => notifyDeleteError(error, 'user', 'Failed to delete user.'),
            onSettled: onClose,
          },
        )
      }
    />
  );
}
