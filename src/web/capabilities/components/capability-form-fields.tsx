import { capabilityStatuses } from '@contract/vocabulary';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { CapabilityFormInput, CapabilityFormValues } from '@/capabilities/lib/capability-form';
import { getStatusStyle } from '@/components/status-badge';
import { CodeEditorField } from '@/components/code-editor';
import { FormSelect } from '@/components/form-select';
import { FormTextField } from '@/components/form-text-field';
import { Field, FieldLabel } from '@/components/ui/field';
import { Switch } from '@/components/ui/switch';

type Form = UseFormReturn<CapabilityFormInput, unknown, CapabilityFormValues>;

const statusOptions = capabilityStatuses.map((status) => ({
  value: status,
  label: getStatusStyle(status).label,
}));

/** The JSON Schema every tenant configuration of the capability must satisfy, in the code editor. */
function SchemaField({ form }: { form: Form }) {
  return (
    <CodeEditorField
      control={form.control}
      name="configurationSchema"
      id="capability-configurationSchema"
      label="Configuration JSON Schema"
      className="sm:col-span-2"
      minLines={6}
      placeholder='{"type": "object", "properties": {}}'
      description="Optional. Every tenant configuration of this capability must satisfy it."
      error={form.formState.errors.configurationSchema}
    />
  );
}

function TemplatesSwitch({ form }: { form: Form }) {
  return (
    <Controller
      control={form.control}
      name="supportsNotificationTemplates"
      render={({ field }) => (
        <Field orientation="horizontal" className="sm:col-span-2">
          <Switch
            id="capability-supportsNotificationTemplates"
            checked={field.value}
            onCheckedChange={field.onChange}
          />
          <FieldLabel htmlFor="capability-supportsNotificationTemplates">
            Supports notification templates
          </FieldLabel>
        </Field>
      )}
    />
  );
}

/** Name, description, version, status, endpoint, category, configuration schema, templates switch. */
export function CapabilityFormFields({ form }: { form: Form }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormTextField
        form={form}
        name="name"
        id="capability-name"
        label="Name"
        placeholder="Payment Processing"
        className="sm:col-span-2"
      />
      <FormTextField
        form={form}
        name="description"
        id="capability-description"
        label="Description"
        rows={2}
        className="sm:col-span-2"
      />
      <FormTextField form={form} name="version" id="capability-version" label="Version" placeholder="1.0.0" />
      <FormSelect
        control={form.control}
        name="status"
        id="capability-status"
        label="Status"
        options={statusOptions}
      />
      <FormTextField
        form={form}
        name="endpoint"
        id="capability-endpoint"
        label="Endpoint"
        placeholder="https://api.example.com/v1"
      />
      <FormTextField
        form={form}
        name="category"
        id="capability-category"
        label="Category"
        placeholder="Payments"
      />
      <SchemaField form={form} />
      <TemplatesSwitch form={form} />
    </div>
  );
}
