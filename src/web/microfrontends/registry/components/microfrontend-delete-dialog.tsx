import type { Microfrontend } from '@contract/microfrontends';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifyDeleteError } from '@/concurrency';
import { notifySuccess } from '@/components/notify';
import { useDeleteMicrofrontend } from '@/microfrontends/api/delete-microfrontend';

type MicrofrontendDeleteDialogProps = {
  open: boolean;
  /** The microfrontend to delete (kept while the dialog closes). */
  microfrontend: Microfrontend | null;
  onClose: () => void;
};

/** Confirms deleting a microfrontend; the server refuses (409) while it is live or a mesh uses it. */
export function MicrofrontendDeleteDialog({ open, microfrontend, onClose }: MicrofrontendDeleteDialogProps) {
  const remove = useDeleteMicrofrontend();

  return (
    <ConfirmDialog
      open={open && microfrontend !== null}
      title="Delete microfrontend?"
      description={
        microfrontend
          ? `"${microfrontend.name}" (${microfrontend.slug}) and all its versions will be removed. This cannot be undone.`
          : ''
      }
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        microfrontend &&
        remove.mutate(
          { id: microfrontend.id, ifMatch: microfrontend.revision },
          {
            onSuccess: () =>
              notifySuccess(
                'Microfrontend deleted',
                `${microfrontend.name} has been removed from the registry.`,
              ),
            onError: (error) => notifyDeleteError(error, 'microfrontend', 'Failed to delete microfrontend.'),
            onSettled: onClose,
          },
        )
      }
    />
  );
}
