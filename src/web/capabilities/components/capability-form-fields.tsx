import { capabilityStatuses } from '@contract/capabilities';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { CapabilityFormInput, CapabilityFormValues } from '@/capabilities/lib/capability-form';
import { getStatusStyle } from '@/components/status-badge';
import { CodeEditorField } from '@/components/code-editor';
import { Field, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';

type Form = UseFormReturn<CapabilityFormInput, unknown, CapabilityFormValues>;
type TextField = 'name' | 'version' | 'endpoint' | 'category';

function TextInputField({
  form,
  name,
  label,
  placeholder,
}: {
  form: Form;
  name: TextField;
  label: string;
  placeholder?: string;
}) {
  const error = form.formState.errors[name];
  const id = `capability-${name}`;
  return (
    <Field data-invalid={!!error || undefined}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Input {...fieldControlProps(id, !!error)} placeholder={placeholder} {...form.register(name)} />
      <FieldError id={`${id}-error`} errors={[error]} />
    </Field>
  );
}

/** Name, description, version, status, endpoint, category, configuration schema, templates switch. */
export function CapabilityFormFields({ form }: { form: Form }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextInputField form={form} name="name" label="Name" placeholder="Payment Processing" />
      </div>
      <Field className="sm:col-span-2" data-invalid={!!errors.description || undefined}>
        <FieldLabel htmlFor="capability-description">Description</FieldLabel>
        <Textarea
          {...fieldControlProps('capability-description', !!errors.description)}
          rows={2}
          {...form.register('description')}
        />
        <FieldError id="capability-description-error" errors={[errors.description]} />
      </Field>
      <TextInputField form={form} name="version" label="Version" placeholder="1.0.0" />
      <Field data-invalid={!!errors.status || undefined}>
        <FieldLabel htmlFor="capability-status">Status</FieldLabel>
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger
                {...fieldControlProps('capability-status', !!errors.status)}
                className="w-full"
                ref={field.ref}
                onBlur={field.onBlur}
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {capabilityStatuses.map((status) => (
                  <SelectItem key={status} value={status}>
                    {getStatusStyle(status).label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        <FieldError id="capability-status-error" errors={[errors.status]} />
      </Field>
      <TextInputField form={form} name="endpoint" label="Endpoint" placeholder="https://api.example.com/v1" />
      <TextInputField form={form} name="category" label="Category" placeholder="Payments" />
      <CodeEditorField
        control={form.control}
        name="configurationSchema"
        id="capability-configurationSchema"
        label="Configuration JSON Schema"
        className="sm:col-span-2"
        minLines={6}
        placeholder='{"type": "object", "properties": {}}'
        description="Optional. Every tenant configuration of this capability must satisfy it."
        error={errors.configurationSchema}
      />
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
    </div>
  );
}
