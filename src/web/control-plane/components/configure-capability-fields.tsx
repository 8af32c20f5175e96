import { isEnvironment } from '@contract/vocabulary';
import { acceptedRegions, type GovernedTenant } from '@contract/governance';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { checkConfiguration } from '@/capabilities';
import { CodeEditor } from '@/components/code-editor';
import { EnvironmentItems, RegionItems } from '@/components/context-select-items';
import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { Select, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { ConfigureFormValues } from '@/control-plane/lib/configure-form';
import { environmentHint, regionHint } from '@/lib/context-hints';

type Form = UseFormReturn<ConfigureFormValues>;

type FieldsProps = {
  form: Form;
  /** Only its enabled environments, and the regions each accepts, are offered. */
  tenant: GovernedTenant;
  /** The server's issues about the configuration (invalid JSON, JSON Schema violations). */
  configurationIssues: string[];
  capabilityId: string;
  /** The capability's configuration JSON Schema: checked and completed as people type. */
  configurationSchema: string | null;
};

export function ConfigureCapabilityFields({
  form,
  tenant,
  configurationIssues,
  capabilityId,
  configurationSchema,
}: FieldsProps) {
  return (
    <div className="space-y-4">
      <ContextFields form={form} tenant={tenant} />
      <ConfigurationField
        form={form}
        issues={configurationIssues}
        capabilityId={capabilityId}
        schema={configurationSchema}
      />
      <Field>
        <FieldLabel htmlFor="configure-notes">Notes</FieldLabel>
        <Textarea
          id="configure-notes"
          rows={2}
          placeholder="What changed and why (optional)"
          {...form.register('notes')}
        />
      </Field>
    </div>
  );
}

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
function ContextFields({ form, tenant }: ContextFieldProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <EnvironmentField form={form} tenant={tenant} />
      <RegionField form={form} tenant={tenant} />
    </div>
  );
}

/** The configuration JSON, checked against the capability's schema as people type when it has one. */
function ConfigurationField({
  form,
  issues,
  capabilityId,
  schema,
}: {
  form: Form;
  issues: string[];
  capabilityId: string;
  schema: string | null;
}) {
  const invalid = issues.length > 0;
  return (
    <Field data-invalid={invalid || undefined}>
      <FieldLabel id="configure-configuration-label" htmlFor="configure-configuration">
        Configuration (JSON)
      </FieldLabel>
      <Controller
        control={form.control}
        name="configuration"
        render={({ field }) => (
          <CodeEditor
            id="configure-configuration"
            aria-labelledby="configure-configuration-label"
            aria-describedby={
              invalid
                ? 'configure-configuration-hint configure-configuration-error'
                : 'configure-configuration-hint'
            }
            invalid={invalid}
            minLines={10}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            ref={field.ref}
            schema={schema}
            check={schema ? (text) => checkConfiguration(capabilityId, text) : undefined}
          />
        )}
      />
      <FieldDescription id="configure-configuration-hint">
        Optional; empty means {'{}'}.
        {schema ? ' Checked against the capability schema as you type; Ctrl+Space suggests fields.' : ''}
      </FieldDescription>
      <FieldError id="configure-configuration-error" errors={issues.map((message) => ({ message }))} />
    </Field>
  );
}
