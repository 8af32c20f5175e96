import type { WebAppMesh } from '@contract/web-app-meshes';
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
import { useDeleteMesh } from '@/microfrontends/mesh/api/delete-mesh';
import { notifyError, notifySuccess } from '@/lib/notify';

type MeshDeleteDialogProps = {
  /** The mesh to delete; null: closed. */
  mesh: Pick<WebAppMesh, 'id' | 'name'> | null;
  onClose: () => void;
  onDeleted?: () => void;
};

/** Confirms deleting a web app mesh. */
export function MeshDeleteDialog({ mesh, onClose, onDeleted }: MeshDeleteDialogProps) {
  const remove = useDeleteMesh();

  const confirm = (event: MouseEvent) => {
    // Stay open while the request runs; close when it settles.
    event.preventDefault();
    if (!mesh) return;
    remove.mutate(mesh.id, {
      onSuccess: () => {
        notifySuccess('Web app mesh deleted', `${mesh.name} has been deleted.`);
        onDeleted?.();
      },
      onError: (error) => notifyError(error, 'Failed to delete web app mesh'),
      onSettled: onClose,
    });
  };

  return (
    <AlertDialog open={mesh !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete web app mesh?</AlertDialogTitle>
          <AlertDialogDescription>
            {mesh ? `"${mesh.name}" and its menu will be deleted. This cannot be undone.` : ''}
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
