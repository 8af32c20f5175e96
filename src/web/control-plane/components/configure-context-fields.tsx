import { isEnvironment } from '@contract/vocabulary';
import { acceptedRegions, type GovernedTenant } from '@contract/governance';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { EnvironmentItems, RegionItems } from '@/components/context-select-items';
import { Field, FieldDescription, FieldLabel } from '@/components/ui/field';
import { Select, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { ConfigureFormValues } from '@/control-plane/lib/configure-form';
import { environmentHint, regionHint } from '@/lib/context-hints';

type Form = UseFormReturn<ConfigureFormValues>;

type ContextFieldProps = { form: Form; tenant: GovernedTenant };

function EnvironmentField({ form, tenant }: ContextFieldProps) {
  const envHint = environmentHint(tenant);
  const onEnvironmentChange = (value: string) => {
    // A region the new environment does not accept would only be refused on save.
    const region = form.getValues('region');
    if (region !== '' && isEnvironment(value) && !acceptedRegions(tenant, value).includes(region))
      form.setValue('region', '');
  };
  return (
    <Controller
      control={form.control}
      name="environment"
      render={({ field }) => (
        <Field>
          <FieldLabel htmlFor="configure-environment">Environment</FieldLabel>
          <Select
            value={field.value}
            onValueChange={(value) => {
              field.onChange(value);
              onEnvironmentChange(value);
            }}
          >
            <SelectTrigger
              id="configure-environment"
              className="w-full"
              aria-describedby={envHint ? 'configure-environment-hint' : undefined}
            >
              <SelectValue placeholder="Select environment" />
            </SelectTrigger>
            <EnvironmentItems tenant={tenant} />
          </Select>
          {envHint && <FieldDescription id="configure-environment-hint">{envHint}</FieldDescription>}
        </Field>
      )}
    />
  );
}

function RegionField({ form, tenant }: ContextFieldProps) {
  const environment = useWatch({ control: form.control, name: 'environment' });
  const regHint = environment === '' ? null : regionHint(tenant, environment);
  return (
    <Controller
      control={form.control}
      name="region"
      render={({ field }) => (
        <Field>
          <FieldLabel htmlFor="configure-region">Region</FieldLabel>
          <Select value={field.value} onValueChange={field.onChange} disabled={environment === ''}>
            <SelectTrigger
              id="configure-region"
              className="w-full"
              aria-describedby={regHint ? 'configure-region-hint' : undefined}
            >
              <SelectValue
                placeholder={environment === '' ? 'Choose an environment first' : 'Select region'}
              />
            </SelectTrigger>
            <RegionItems regions={environment === '' ? [] : acceptedRegions(tenant, environment)} />
          </Select>
          {regHint && <FieldDescription id="configure-region-hint">{regHint}</FieldDescription>}
        </Field>
      )}
    />
  );
}

/** Environment, then region: the regions the tenant's governance accepts in that environment. */
export function ContextFields({ form, tenant }: ContextFieldProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <EnvironmentField form={form} tenant={tenant} />
      <RegionField form={form} tenant={tenant} />
    </div>
  );
}
