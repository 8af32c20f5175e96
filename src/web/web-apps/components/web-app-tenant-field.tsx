import { canOnTenant } from '@contract/roles';
import { useEffect } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useMe } from '@/auth';
import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { TenantCombobox, useTenantOptions } from '@/tenants';
import { REQUIRED_MARK } from '@/components/form-select';
import type { CreateWebAppFormInput, CreateWebAppFormValues } from '@/web-apps/lib/web-app-form';

type Form = UseFormReturn<CreateWebAppFormInput, unknown, CreateWebAppFormValues>;

/** Whether the user may add web apps to a tenant (every web app belongs to one). */
function useCanAddTo() {
  const me = useMe();
  return (tenantId: string) => me !== null && canOnTenant(me, tenantId, 'webApps');
}

/** Create Web App's tenant: one the user may add apps to, the first such one by default. */
export function WebAppTenantField({ form }: { form: Form }) {
  const error = form.formState.errors.tenantId;
  const canAddTo = useCanAddTo();
  // The first page of the picker's options gives the default tenant.
  const tenants = useTenantOptions({});
  const allowed = (tenants.data?.rows ?? []).filter((option) => canAddTo(option.id));
  const tenantId = useWatch({ control: form.control, name: 'tenantId' });
  const firstTenantId = allowed[0]?.id;
  // The tenant defaults to the first one, also after the fields reset.
  useEffect(() => {
    if (!tenantId && firstTenantId) form.setValue('tenantId', firstTenantId);
  }, [form, tenantId, firstTenantId]);

  return (
    <div className="sm:col-span-2">
      <Field data-invalid={!!error || undefined}>
        <FieldLabel htmlFor="web-app-tenantId" className={REQUIRED_MARK}>
          Tenant
        </FieldLabel>
        <Controller
          control={form.control}
          name="tenantId"
          render={({ field }) => (
            <TenantCombobox
              id="web-app-tenantId"
              value={field.value ?? ''}
              onChange={field.onChange}
              invalid={!!error}
              exclude={(id) => !canAddTo(id)}
              placeholder={tenants.isPending ? 'Loading tenants...' : 'Select a tenant'}
            />
          )}
        />
        <FieldError id="web-app-tenantId-error" errors={[error]} />
      </Field>
      {tenants.isSuccess && allowed.length === 0 && (
        <FieldDescription className="mt-1">
          No tenant to add an application to: create a tenant first.
        </FieldDescription>
      )}
    </div>
  );
}
