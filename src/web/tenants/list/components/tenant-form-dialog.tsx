import { zodResolver } from '@hookform/resolvers/zod';
import type { Tenant, TenantPatch } from '@contract/tenants';
import { useForm } from 'react-hook-form';
import { ConflictAlert } from '@/components/conflict-alert';
import { DialogForm } from '@/components/dialog-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { notifyError, notifySuccess } from '@/components/notify';
import { useCreateTenant } from '@/tenants/api/create-tenant';
import { usePatchTenant } from '@/tenants/api/update-tenant';
import { TenantFormFields } from '@/tenants/list/components/tenant-form-fields';
import { applyServerIssues } from '@/lib/server-issues';
import { useWideningConfirmation } from '@/tenants/widening-confirm';
import { useConflictAwareSave } from '@/components/use-conflict-aware-save';
import {
  NEW_TENANT_DEFAULTS,
  TENANT_FIELD_LABELS,
  tenantFormDefaults,
  tenantFormFields,
  tenantFormSchema,
  toTenantInput,
  type TenantFormInput,
  type TenantFormValues,
} from '@/tenants/list/lib/tenant-form';

type TenantFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Edit this tenant (PATCH, prefilled); without it, Create Tenant (POST). */
  tenant?: Tenant;
};

export function TenantFormDialog({ open, onOpenChange, tenant }: TenantFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{tenant ? 'Edit Tenant' : 'Create Tenant'}</DialogTitle>
          <DialogDescription>
            {tenant
              ? `Change the details, environments and data governance of ${tenant.name}.`
              : 'Add an organisational unit with its environments and data-governance settings.'}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the defaults or the tenant's current values. */}
        {open && <TenantForm tenant={tenant} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function TenantForm({ tenant, onDone }: { tenant?: Tenant; onDone: () => void }) {
  const create = useCreateTenant();
  const patch = usePatchTenant();
  const pending = create.isPending || patch.isPending;
  const form = useForm<TenantFormInput, unknown, TenantFormValues>({
    resolver: zodResolver(tenantFormSchema),
    defaultValues: tenantFormDefaults(tenant),
  });

  const conflict = useConflictAwareSave({
    form,
    resource: tenant,
    toFormValues: tenantFormDefaults,
    what: 'tenant',
    labels: TENANT_FIELD_LABELS,
  });

  const onError = (error: unknown, fallback: string) => {
    if (conflict.handleError(error)) return;
    applyServerIssues(error, form.setError, (field) => tenantFormFields.find((name) => name === field));
    notifyError(error, fallback);
  };

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
        // Someone else's change shows the conflict; a change that would widen an environment's regions
        // asks first; other failures toast.
        onError: (error) => {
          if (conflict.handleError(error)) return;
          if (!widening.offer(error, changes)) onError(error, 'Failed to update tenant.');
        },
      },
    );

  const onSubmit = form.handleSubmit((values) => {
    const input = toTenantInput(values);
    if (tenant) {
      send(tenant.id, input);
      return;
    }
    create.mutate(input, {
      onSuccess: (created) => {
        notifySuccess('Tenant created', `${created.name} has been created.`);
        form.reset(NEW_TENANT_DEFAULTS);
        onDone();
      },
      onError: (error) => onError(error, 'Failed to create tenant.'),
    });
  });

  const submitLabel = tenant
    ? pending
      ? 'Saving...'
      : 'Save Changes'
    : pending
      ? 'Creating...'
      : 'Create Tenant';
  return (
    <>
      <DialogForm
        label={tenant ? 'Edit tenant' : 'Create tenant'}
        pending={pending}
        submitLabel={submitLabel}
        onSubmit={onSubmit}
      >
        <ConflictAlert save={conflict} onOverwrite={() => void onSubmit()} />
        <TenantFormFields form={form} />
      </DialogForm>
      {tenant && widening.dialog(patch.isPending, (changes) => send(tenant.id, changes))}
    </>
  );
}
