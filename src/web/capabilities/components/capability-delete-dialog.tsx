import type { Capability } from '@contract/capabilities';
import type { MouseEvent } from 'react';
import { useDeleteCapability } from '@/capabilities/api/delete-capability';
import { notifyError, notifySuccess } from '@/lib/notify';
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

type CapabilityDeleteDialogProps = {
  open: boolean;
  /** The capability to delete (kept while the dialog closes). */
  capability: Capability | null;
  onClose: () => void;
};

/** Confirms deleting a capability; the server refuses (409) while a tenant subscribes to it. */
export function CapabilityDeleteDialog({ open, capability, onClose }: CapabilityDeleteDialogProps) {
  const remove = useDeleteCapability();

  const confirm = (event: MouseEvent) => {
    // Stay open while the request runs; close when it settles.
    event.preventDefault();
    if (!capability) return;
    remove.mutate(capability.id, {
      onSuccess: () =>
        notifySuccess('Capability deleted', `${capability.name} has been removed from the catalogue.`),
      onError: (error) => notifyError(error, 'Failed to delete capability.'),
      onSettled: onClose,
    });
  };

  return (
    <AlertDialog
      open={open && capability !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete capability?</AlertDialogTitle>
          <AlertDialogDescription>
            {capability
              ? `"${capability.name}" (${capability.id}) will be removed from the catalogue. This cannot be undone.`
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
