import type { ApiTokenPolicy } from '@contract/api-tokens';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { FormSelect } from '@/components/form-select';
import { FormTextField } from '@/components/form-text-field';
import { Field, FieldContent, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { Switch } from '@/components/ui/switch';
import { TenantMultiPicker } from '@/api-tokens/components/tenant-multi-picker';
import { expiryOptions, type TokenFormInput, type TokenFormValues } from '@/api-tokens/lib/token-form';

type Form = UseFormReturn<TokenFormInput, unknown, TokenFormValues>;

type SwitchFieldProps = {
  form: Form;
  name: 'readOnly' | 'restrictTenants';
  id: string;
  label: string;
  description: string;
};

/** An on/off choice: label and description beside its switch. */
function SwitchField({ form, name, id, label, description }: SwitchFieldProps) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Field orientation="horizontal" className="justify-between gap-4">
          <FieldContent>
            <FieldLabel htmlFor={id}>{label}</FieldLabel>
            <FieldDescription>{description}</FieldDescription>
          </FieldContent>
          <Switch
            id={id}
            ref={field.ref}
            checked={field.value}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
          />
        </Field>
      )}
    />
  );
}

/** Name, lifetime, read-only, and the optional tenant restriction. */
export function TokenFormFields({ form, policy }: { form: Form; policy: ApiTokenPolicy }) {
  const restricted = form.watch('restrictTenants');
  return (
    <div className="space-y-4">
      <FormTextField
        form={form}
        name="name"
        id="token-name"
        label="Name"
        placeholder="deploy-pipeline"
        description="What uses it, so that you know which one to revoke."
        autoComplete="off"
      />
      <FormSelect
        control={form.control}
        name="expiresInDays"
        id="token-expiresInDays"
        label="Expires after"
        options={expiryOptions(policy)}
      />
      <SwitchField
        form={form}
        name="readOnly"
        id="token-readOnly"
        label="Read-only"
        description="Only reads (GET requests); every change is refused."
      />
      <SwitchField
        form={form}
        name="restrictTenants"
        id="token-restrictTenants"
        label="Only some tenants"
        description="Without it the token reaches every tenant its owner can."
      />
      {restricted && (
        <Controller
          control={form.control}
          name="tenantIds"
          render={({ field, fieldState }) => (
            <Field data-invalid={!!fieldState.error || undefined}>
              <FieldLabel htmlFor="token-tenantIds">Tenants</FieldLabel>
              <TenantMultiPicker
                id="token-tenantIds"
                value={field.value}
                onChange={field.onChange}
                invalid={!!fieldState.error}
              />
              <FieldError id="token-tenantIds-error" errors={[fieldState.error]} />
            </Field>
          )}
        />
      )}
    </div>
  );
}
