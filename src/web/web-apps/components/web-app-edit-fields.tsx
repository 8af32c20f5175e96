import type { UseFormReturn } from 'react-hook-form';
import { Field, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { FormSelect } from '@/components/form-select';
import {
  withCurrent,
  type EditWebAppFormInput,
  type EditWebAppFormValues,
} from '@/web-apps/lib/web-app-form';
import {
  environmentOptions,
  regionOptions,
  statusOptions,
  technologyOptions,
} from '@/web-apps/lib/web-app-options';

type Form = UseFormReturn<EditWebAppFormInput, unknown, EditWebAppFormValues>;

function TextField({
  form,
  name,
  label,
  placeholder,
}: {
  form: Form;
  name: 'name' | 'url';
  label: string;
  placeholder: string;
}) {
  const error = form.formState.errors[name];
  const id = `web-app-edit-${name}`;
  return (
    <Field className="sm:col-span-2" data-invalid={!!error || undefined}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Input {...fieldControlProps(id, !!error)} placeholder={placeholder} {...form.register(name)} />
      <FieldError id={`${id}-error`} errors={[error]} />
    </Field>
  );
}

/** The edit form's fields; values set elsewhere outside today's lists stay selectable. */
export function WebAppEditFields({ form }: { form: Form }) {
  const { errors, defaultValues } = form.formState;
  const select = (
    name: 'technology' | 'environment' | 'region' | 'status',
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <FormSelect
      control={form.control}
      name={name}
      id={`web-app-edit-${name}`}
      label={label}
      placeholder={`Select ${label.toLowerCase()}`}
      options={withCurrent(options, defaultValues?.[name])}
    />
  );
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField form={form} name="name" label="Application Name" placeholder="Customer Portal" />
      <Field className="sm:col-span-2" data-invalid={!!errors.description || undefined}>
        <FieldLabel htmlFor="web-app-edit-description">Description</FieldLabel>
        <Textarea
          {...fieldControlProps('web-app-edit-description', !!errors.description)}
          rows={2}
          {...form.register('description')}
        />
        <FieldError id="web-app-edit-description-error" errors={[errors.description]} />
      </Field>
      {select('technology', 'Technology', technologyOptions)}
      {select('status', 'Status', statusOptions)}
      {select('environment', 'Environment', environmentOptions)}
      {select('region', 'Region', regionOptions)}
      <TextField form={form} name="url" label="URL" placeholder="https://app.example.com" />
    </div>
  );
}
