import type { Tenant } from '@contract/tenants';
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
import { useDeleteTenant, type TenantDeletion } from '@/tenants/list/api/delete-tenant';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function deletionSummary({ webApps, profiles, subscriptions, meshes }: TenantDeletion): string {
  return [
    plural(webApps, 'web app', 'web apps'),
    plural(profiles, 'user profile', 'user profiles'),
    plural(subscriptions, 'capability subscription', 'capability subscriptions'),
    plural(meshes, 'mesh', 'meshes'),
  ].join(', ');
}

type TenantDeleteDialogProps = { open: boolean; tenant: Tenant | null; onClose: () => void };

/** Confirms deleting a tenant and says what goes with it; the toast says how much went. */
export function TenantDeleteDialog({ open, tenant, onClose }: TenantDeleteDialogProps) {
  const remove = useDeleteTenant();

  const confirm = (event: MouseEvent) => {
    // Stay open while the request runs; close when it settles.
    event.preventDefault();
    if (!tenant) return;
    remove.mutate(tenant.id, {
      onSuccess: (removed) =>
        notifySuccess('Tenant deleted', `${tenant.name} was deleted with ${deletionSummary(removed)}.`),
      onError: (error) => notifyError(error, 'Failed to delete tenant.'),
      onSettled: onClose,
    });
  };

  return (
    <AlertDialog
      open={open && tenant !== null}
      onOpenChange={(open) => !open && !remove.isPending && onClose()}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete tenant?</AlertDialogTitle>
          <AlertDialogDescription>
            {tenant
              ? `"${tenant.name}" will be deleted together with its web apps, user profiles, capability subscriptions and meshes. This cannot be undone.`
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
