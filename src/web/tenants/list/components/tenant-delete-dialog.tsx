import type { Tenant } from '@contract/tenants';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { notifySuccess } from '@/components/notify';
import { notifyDeleteError } from '@/concurrency';
import { useDeleteTenant, type TenantDeletion } from '@/tenants/api/delete-tenant';
import { tenantKeys } from '@/tenants/api/tenant-keys';

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
  const queryClient = useQueryClient();

  return (
    <ConfirmDialog
      open={open && tenant !== null}
      title="Delete tenant?"
      description={
        tenant
          ? `"${tenant.name}" will be deleted together with its web apps, user profiles, capability subscriptions and meshes. This cannot be undone.`
          : ''
      }
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        tenant &&
        remove.mutate(
          { id: tenant.id, ifMatch: tenant.revision },
          {
            onSuccess: (removed) =>
              notifySuccess('Tenant deleted', `${tenant.name} was deleted with ${deletionSummary(removed)}.`),
            onError: (error) =>
              notifyDeleteError(error, 'tenant', 'Failed to delete tenant.', {
                queryClient,
                queryKey: tenantKeys.all,
              }),
            onSettled: onClose,
          },
        )
      }
    />
  );
}
