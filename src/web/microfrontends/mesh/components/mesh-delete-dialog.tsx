import type { WebAppMesh } from '@contract/web-app-meshes';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteMesh } from '@/microfrontends/mesh/api/delete-mesh';
import { notifyDeleteError } from '@/concurrency';
import { notifySuccess } from '@/components/notify';

type MeshDeleteDialogProps = {
  /** The mesh to delete; null: closed. */
  mesh: Pick<WebAppMesh, 'id' | 'name' | 'revision'> | null;
  onClose: () => void;
  onDeleted?: () => void;
};

/** Confirms deleting a web app mesh. */
export function MeshDeleteDialog({ mesh, onClose, onDeleted }: MeshDeleteDialogProps) {
  const remove = useDeleteMesh();

  return (
    <ConfirmDialog
      open={mesh !== null}
      title="Delete web app mesh?"
      description={mesh ? `"${mesh.name}" and its menu will be deleted. This cannot be undone.` : ''}
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        mesh &&
        remove.mutate(
          { id: mesh.id, ifMatch: mesh.revision },
          {
            onSuccess: () => {
              notifySuccess('Web app mesh deleted', `${mesh.name} has been deleted.`);
              onDeleted?.();
            },
            onError: (error) => notifyDeleteError(error, 'web app mesh', 'Failed to delete web app mesh'),
            onSettled: onClose,
          },
        )
      }
    />
  );
}
