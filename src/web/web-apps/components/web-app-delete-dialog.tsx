import type { WebApp } from '@contract/web-apps';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifyDeleteError } from '@/concurrency';
import { notifySuccess } from '@/components/notify';
import { useDeleteWebApp } from '@/web-apps/api/delete-web-app';

type WebAppDeleteDialogProps = { open: boolean; app: WebApp | null; onClose: () => void };

/** Confirms deleting a web app. */
export function WebAppDeleteDialog({ open, app, onClose }: WebAppDeleteDialogProps) {
  const remove = useDeleteWebApp();

  return (
    <ConfirmDialog
      open={open && app !== null}
      title="Delete application?"
      description={app ? `"${app.name}" will be deleted. This cannot be undone.` : ''}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        app &&
        remove.mutate(
          { id: app.id, ifMatch: app.revision },
          {
            onSuccess: () => notifySuccess('Web app deleted', `${app.name} has been deleted.`),
            onError: (error) => notifyDeleteError(error, 'web app', 'Failed to delete web app.'),
            onSettled: onClose,
          },
        )
      }
    />
  );
}
