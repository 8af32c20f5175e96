import type { GovernedTenant } from '@contract/governance';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { checkConfiguration } from '@/capabilities';
import { CodeEditor } from '@/components/code-editor';
import { Field, FieldDescription, FieldError, FieldLabel } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { ContextFields } from '@/control-plane/components/configure-context-fields';
import type { ConfigureFormValues } from '@/control-plane/lib/configure-form';

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
