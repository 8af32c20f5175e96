import { zodResolver } from '@hookform/resolvers/zod';
import type { Tenant } from '@contract/tenants';
import { useForm } from 'react-hook-form';
import { DialogForm } from '@/components/dialog-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateTenant } from '@/tenants/api/create-tenant';
import { usePatchTenant } from '@/tenants/api/update-tenant';
import { TenantFormFields } from '@/tenants/list/components/tenant-form-fields';
import { applyServerIssues } from '@/lib/server-issues';
import {
  NEW_TENANT_DEFAULTS,
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

  const onError = (error: unknown, fallback: string) => {
    applyServerIssues(error, form.setError, (field) => tenantFormFields.find((name) => name === field));
    notifyError(error, fallback);
  };

  const onSubmit = form.handleSubmit((values) => {
    const input = toTenantInput(values);
    if (tenant) {
      patch.mutate(
        { id: tenant.id, patch: input },
        {
          onSuccess: (updated) => {
            notifySuccess('Tenant updated', `${updated.name} has been saved.`);
            onDone();
          },
          onError: (error) => onError(error, 'Failed to update tenant.'),
        },
      );
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
    <DialogForm
      label={tenant ? 'Edit tenant' : 'Create tenant'}
      pending={pending}
      submitLabel={submitLabel}
      onSubmit={onSubmit}
    >
      <TenantFormFields form={form} />
    </DialogForm>
  );
}
