import type { Tenant, TenantPatch } from '@contract/tenants';
import { FormDialog } from '@/components/form-dialog';
import { ManagedInGitBadge, ManagedInGitNotice } from '@/git-managed';
import { SaveDialogForm, oneOf, useResourceForm } from '@/concurrency';
import { notifySuccess } from '@/components/notify';
import { useCreateTenant } from '@/tenants/api/create-tenant';
import { tenantLive } from '@/tenants/api/get-tenant';
import { usePatchTenant } from '@/tenants/api/update-tenant';
import { TenantFormFields } from '@/tenants/list/components/tenant-form-fields';
import { useWideningConfirmation } from '@/tenants/widening-confirm';
import type { ConflictAwareSave } from '@/concurrency';
import {
  NEW_TENANT_DEFAULTS,
  TENANT_FIELD_LABELS,
  tenantFormDefaults,
  tenantFormFields,
  tenantFormSchema,
  toTenantInput,
} from '@/tenants/list/lib/tenant-form';
import type { DialogOpenProps } from '@/components/dialog-open';

/** An open edit form hears at once when someone else saves the tenant. */

type TenantFormDialogProps = DialogOpenProps & {
  /** Edit this tenant (PATCH, prefilled); without it, Create Tenant (POST). */
  tenant?: Tenant;
};

export function TenantFormDialog({ open, onOpenChange, tenant }: TenantFormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
      title={tenant ? 'Edit Tenant' : 'Create Tenant'}
      description={
        tenant ? (
          <>
            Change the details, environments and data governance of {tenant.name}.{' '}
            <ManagedInGitBadge tenantId={tenant.id} />
          </>
        ) : (
          'Add an organisational unit with its environments and data-governance settings.'
        )
      }
    >
      <TenantForm tenant={tenant} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

/**
 * The edit's PATCH. Someone else's change shows the conflict; a change that would widen an environment's
 * regions asks first; other failures toast.
 */
function useTenantPatch(
  patch: ReturnType<typeof usePatchTenant>,
  conflict: ConflictAwareSave,
  onError: (error: unknown, fallback: string) => void,
  onDone: () => void,
) {
  const widening = useWideningConfirmation();
  const send = (id: string, changes: TenantPatch) =>
    patch.mutate(
      { id, patch: changes, ifMatch: conflict.revision() },
      {
        onSuccess: (updated) => {
          widening.close();
          notifySuccess('Tenant updated', `${updated.name} has been saved.`);
          onDone();
        },
        onError: (error) => {
          if (conflict.handleError(error)) return;
          if (!widening.offer(error, changes)) onError(error, 'Failed to update tenant.');
        },
      },
    );
  return { send, widening };
}

/** How this dialog makes a new tenant. */
const CREATE = { verb: 'Create', submit: 'Create Tenant', pending: 'Creating...' };

function TenantForm({ tenant, onDone }: { tenant?: Tenant; onDone: () => void }) {
  const create = useCreateTenant();
  const patch = usePatchTenant();
  const pending = create.isPending || patch.isPending;
  const { form, conflict, onError, outcome } = useResourceForm({
    schema: tenantFormSchema,
    defaults: tenantFormDefaults,
    resource: tenant,
    what: 'tenant',
    labels: TENANT_FIELD_LABELS,
    toField: oneOf(tenantFormFields),
    onDone,
    live: tenantLive,
  });

  const { send, widening } = useTenantPatch(patch, conflict, onError, onDone);

  const onSubmit = form.handleSubmit((values) => {
    const input = toTenantInput(values);
    if (tenant) {
      send(tenant.id, input);
      return;
    }
    create.mutate(
      input,
      outcome((created) => {
        notifySuccess('Tenant created', `${created.name} has been created.`);
        form.reset(NEW_TENANT_DEFAULTS);
      }, 'Failed to create tenant.'),
    );
  });

  return (
    <>
      <SaveDialogForm
        editing={!!tenant}
        noun="tenant"
        create={CREATE}
        pending={pending}
        conflict={conflict}
        onSubmit={onSubmit}
      >
        {tenant && <ManagedInGitNotice tenantId={tenant.id} what="tenant" />}
        <TenantFormFields form={form} />
      </SaveDialogForm>
      {tenant && widening.dialog(patch.isPending, (changes) => send(tenant.id, changes))}
    </>
  );
}
