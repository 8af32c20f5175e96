import { canOnTenant } from '@contract/roles';
import { useEffect } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useMe } from '@/auth';
import { Field, FieldDescription, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { TenantCombobox, useTenantOptions } from '@/tenants';
import { FormSelect, REQUIRED_MARK } from '@/components/form-select';
import {
  environmentOptions,
  regionOptions,
  type CreateWebAppFormInput,
  type CreateWebAppFormValues,
} from '@/web-apps/lib/web-app-form';

type Form = UseFormReturn<CreateWebAppFormInput, unknown, CreateWebAppFormValues>;

/** Whether the user may add web apps to a tenant (every web app belongs to one). */
function useCanAddTo() {
  const me = useMe();
  return (tenantId: string) => me !== null && canOnTenant(me, tenantId, 'webApps');
}

const SWITCHES = [
  ['useStandardHeader', 'Use Standard Header'],
  ['useStandardFooter', 'Use Standard Footer'],
] as const;

/** Step 2: Application Name, description, tenant, environment, region, header and footer switches. */
export function WebAppDetailsStep({ form }: { form: Form }) {
  const { errors } = form.formState;
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
    <div className="grid gap-4 sm:grid-cols-2">
      <Field className="sm:col-span-2" data-invalid={!!errors.name || undefined}>
        <FieldLabel htmlFor="web-app-name" className={REQUIRED_MARK}>
          Application Name
        </FieldLabel>
        <Input
          {...fieldControlProps('web-app-name', !!errors.name)}
          required
          placeholder="Customer Portal"
          {...form.register('name')}
        />
        <FieldError id="web-app-name-error" errors={[errors.name]} />
      </Field>
      <Field className="sm:col-span-2" data-invalid={!!errors.description || undefined}>
        <FieldLabel htmlFor="web-app-description">Description</FieldLabel>
        <Textarea
          {...fieldControlProps('web-app-description', !!errors.description)}
          rows={2}
          {...form.register('description')}
        />
        <FieldError id="web-app-description-error" errors={[errors.description]} />
      </Field>
      <div className="sm:col-span-2">
        <Field data-invalid={!!errors.tenantId || undefined}>
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
                invalid={!!errors.tenantId}
                exclude={(id) => !canAddTo(id)}
                placeholder={tenants.isPending ? 'Loading tenants...' : 'Select a tenant'}
              />
            )}
          />
          <FieldError id="web-app-tenantId-error" errors={[errors.tenantId]} />
        </Field>
        {tenants.isSuccess && allowed.length === 0 && (
          <FieldDescription className="mt-1">
            No tenant to add an application to: create a tenant first.
          </FieldDescription>
        )}
      </div>
      <FormSelect
        control={form.control}
        name="environment"
        id="web-app-environment"
        label="Environment"
        required
        options={environmentOptions}
      />
      <FormSelect
        control={form.control}
        name="region"
        id="web-app-region"
        label="Region"
        required
        options={regionOptions}
      />
      {SWITCHES.map(([name, label]) => (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field }) => (
            <Field orientation="horizontal">
              <Switch id={`web-app-${name}`} checked={field.value} onCheckedChange={field.onChange} />
              <FieldLabel htmlFor={`web-app-${name}`}>{label}</FieldLabel>
            </Field>
          )}
        />
      ))}
    </div>
  );
}
