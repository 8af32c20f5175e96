import { moduleTypes } from '@contract/microfrontends';
import type { UseFormReturn } from 'react-hook-form';
import { CodeEditorField } from '@/components/code-editor';
import { FormSelect } from '@/components/form-select';
import { FormTextField } from '@/components/form-text-field';
import { technologyLabel } from '@/lib/format';
import type { VersionFormInput, VersionFormValues } from '@/microfrontends/registry/lib/version-form';

type Form = UseFormReturn<VersionFormInput, unknown, VersionFormValues>;

const moduleTypeOptions = moduleTypes.map((type) => ({ value: type, label: technologyLabel(type) }));

/** The full-width text fields, in order. */
const wideTextFields = [
  {
    name: 'entryUrl',
    label: 'Entry URL',
    placeholder: 'https://cdn.example.com/billing/1.0.0/remoteEntry.js',
  },
  {
    name: 'exposedModules',
    label: 'Exposed Modules',
    placeholder: './App, ./Widget',
    description: 'Comma separated.',
  },
  {
    name: 'integrityHash',
    label: 'Integrity Hash',
    placeholder: 'sha384-...',
    description: 'Subresource integrity: sha256-, sha384- or sha512- followed by base64.',
  },
] as const;

type JsonField = {
  name: 'defaultConfig' | 'sharedDependencies' | 'buildMetadata';
  label: string;
  placeholder: string;
  className?: string;
};

/** The JSON texts: the first full width, the other two side by side. */
const jsonFields: JsonField[] = [
  {
    name: 'defaultConfig',
    label: 'Default Config (JSON)',
    placeholder: '{"theme": "dark"}',
    className: 'sm:col-span-2',
  },
  { name: 'sharedDependencies', label: 'Shared Dependencies (JSON)', placeholder: '{"react": "^19.0.0"}' },
  { name: 'buildMetadata', label: 'Build Metadata (JSON)', placeholder: '{"commit": "abc123"}' },
];

/** Version, entry URL, module type, exposed modules, integrity hash and the three JSON texts. */
export function VersionFormFields({ form }: { form: Form }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormTextField form={form} name="version" id="version-version" label="Version" placeholder="1.0.0" />
      <FormSelect
        control={form.control}
        name="moduleType"
        id="version-moduleType"
        label="Module Type"
        options={moduleTypeOptions}
      />
      {wideTextFields.map((field) => (
        <FormTextField
          key={field.name}
          form={form}
          id={`version-${field.name}`}
          className="sm:col-span-2"
          {...field}
        />
      ))}
      {jsonFields.map((field) => (
        <CodeEditorField
          key={field.name}
          control={form.control}
          id={`version-${field.name}`}
          minLines={3}
          error={errors[field.name]}
          {...field}
        />
      ))}
    </div>
  );
}
