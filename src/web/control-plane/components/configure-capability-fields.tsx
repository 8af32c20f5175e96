import { acceptedRegions, enabledEnvironments, type GovernedTenant } from '@contract/governance';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { checkConfiguration } from '@/capabilities';
import { CodeEditor } from '@/components/code-editor';
import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import type { ConfigureFormValues } from '@/control-plane/lib/configure-form';
import { environmentHint, regionHint } from '@/lib/context-hints';
import { environmentName, isEnvironment } from '@contract/common';

type FieldsProps = {
  form: UseFormReturn<ConfigureFormValues>;
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
  const configInvalid = configurationIssues.length > 0;
  const environment = useWatch({ control: form.control, name: 'environment' });
  const regions = environment === '' ? [] : acceptedRegions(tenant, environment);
  const envHint = environmentHint(tenant);
  const regHint = environment === '' ? null : regionHint(tenant, environment);
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
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
                  // A region the new environment does not accept would only be refused on save.
                  const region = form.getValues('region');
                  if (
                    region !== '' &&
                    isEnvironment(value) &&
                    !acceptedRegions(tenant, value).includes(region)
                  )
                    form.setValue('region', '');
                }}
              >
                <SelectTrigger
                  id="configure-environment"
                  className="w-full"
                  aria-describedby={envHint ? 'configure-environment-hint' : undefined}
                >
                  <SelectValue placeholder="Select environment" />
                </SelectTrigger>
                <SelectContent>
                  {enabledEnvironments(tenant).map((value) => (
                    <SelectItem key={value} value={value}>
                      {environmentName(value)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {envHint && <FieldDescription id="configure-environment-hint">{envHint}</FieldDescription>}
            </Field>
          )}
        />
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
                <SelectContent>
                  {regions.map((value) => (
                    <SelectItem key={value} value={value}>
                      {value}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {regHint && <FieldDescription id="configure-region-hint">{regHint}</FieldDescription>}
            </Field>
          )}
        />
      </div>
      <Field data-invalid={configInvalid || undefined}>
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
                configInvalid
                  ? 'configure-configuration-hint configure-configuration-error'
                  : 'configure-configuration-hint'
              }
              invalid={configInvalid}
              minLines={10}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
              schema={configurationSchema}
              check={configurationSchema ? (text) => checkConfiguration(capabilityId, text) : undefined}
            />
          )}
        />
        <FieldDescription id="configure-configuration-hint">
          Optional; empty means {'{}'}.
          {configurationSchema
            ? ' Checked against the capability schema as you type; Ctrl+Space suggests fields.'
            : ''}
        </FieldDescription>
        <FieldError
          id="configure-configuration-error"
          errors={configurationIssues.map((message) => ({ message }))}
        />
      </Field>
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
