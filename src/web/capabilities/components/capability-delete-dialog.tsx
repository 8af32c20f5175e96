import type { Capability } from '@contract/capabilities';
import { useDeleteCapability } from '@/capabilities/api/delete-capability';
import { notifyDeleteError } from '@/concurrency';
import { notifySuccess } from '@/components/notify';
import { ConfirmDialog } from '@/components/confirm-dialog';

type CapabilityDeleteDialogProps = {
  open: boolean;
  /** The capability to delete (kept while the dialog closes). */
  capability: Capability | null;
  onClose: () => void;
};

/** Confirms deleting a capability; the server refuses (409) while a tenant subscribes to it. */
export function CapabilityDeleteDialog({ open, capability, onClose }: CapabilityDeleteDialogProps) {
  const remove = useDeleteCapability();

  return (
    <ConfirmDialog
      open={open && capability !== null}
      title="Delete capability?"
      description={
        capability
          ? `"${capability.name}" (${capability.id}) will be removed from the catalogue. This cannot be undone.`
          : ''
      }
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        capability &&
        remove.mutate(
          { id: capability.id, ifMatch: capability.revision },
          {
            onSuccess: () =>
              notifySuccess('Capability deleted', `${capability.name} has been removed from the catalogue.`),
            onError: (error) => notifyDeleteError(error, 'capability', 'Failed to delete capability.'),
            onSettled: onClose,
          },
        )
      }
    />
  );
}
