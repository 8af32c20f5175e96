import { Controller, type UseFormReturn } from 'react-hook-form';
import { Field, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { FormSelect, REQUIRED_MARK } from '@/components/form-select';
import { WebAppTenantField } from '@/web-apps/components/web-app-tenant-field';
import { type CreateWebAppFormInput, type CreateWebAppFormValues } from '@/web-apps/lib/web-app-form';
import { environmentOptions, regionOptions } from '@/web-apps/lib/web-app-options';

type Form = UseFormReturn<CreateWebAppFormInput, unknown, CreateWebAppFormValues>;

const SWITCHES = [
  ['useStandardHeader', 'Use Standard Header'],
  ['useStandardFooter', 'Use Standard Footer'],
] as const;

/** Step 2: Application Name, description, tenant, environment, region, header and footer switches. */
export function WebAppDetailsStep({ form }: { form: Form }) {
  const { errors } = form.formState;

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
      <WebAppTenantField form={form} />
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
