import { moduleTypes } from '@contract/microfrontends';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { CodeEditorField } from '@/components/code-editor';
import { Field, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { technologyLabel } from '@/lib/format';
import { TextField } from '@/microfrontends/registry/components/text-field';
import type { VersionFormInput, VersionFormValues } from '@/microfrontends/registry/lib/version-form';

type Form = UseFormReturn<VersionFormInput, unknown, VersionFormValues>;

/** Version, entry URL, module type, exposed modules, integrity hash and the three JSON texts. */
export function VersionFormFields({ form }: { form: Form }) {
  const { errors } = form.formState;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        id="version-version"
        label="Version"
        placeholder="1.0.0"
        registration={form.register('version')}
        error={errors.version}
      />
      <Field data-invalid={!!errors.moduleType || undefined}>
        <FieldLabel htmlFor="version-moduleType">Module Type</FieldLabel>
        <Controller
          control={form.control}
          name="moduleType"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger
                {...fieldControlProps('version-moduleType', !!errors.moduleType)}
                className="w-full"
                onBlur={field.onBlur}
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {moduleTypes.map((type) => (
                  <SelectItem key={type} value={type}>
                    {technologyLabel(type)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        <FieldError id="version-moduleType-error" errors={[errors.moduleType]} />
      </Field>
      <TextField
        id="version-entryUrl"
        label="Entry URL"
        placeholder="https://cdn.example.com/billing/1.0.0/remoteEntry.js"
        registration={form.register('entryUrl')}
        error={errors.entryUrl}
        className="sm:col-span-2"
      />
      <TextField
        id="version-exposedModules"
        label="Exposed Modules"
        placeholder="./App, ./Widget"
        description="Comma separated."
        registration={form.register('exposedModules')}
        error={errors.exposedModules}
        className="sm:col-span-2"
      />
      <TextField
        id="version-integrityHash"
        label="Integrity Hash"
        placeholder="sha384-..."
        description="Subresource integrity: sha256-, sha384- or sha512- followed by base64."
        registration={form.register('integrityHash')}
        error={errors.integrityHash}
        className="sm:col-span-2"
      />
      <CodeEditorField
        control={form.control}
        name="defaultConfig"
        id="version-defaultConfig"
        label="Default Config (JSON)"
        placeholder='{"theme": "dark"}'
        minLines={3}
        error={errors.defaultConfig}
        className="sm:col-span-2"
      />
      <CodeEditorField
        control={form.control}
        name="sharedDependencies"
        id="version-sharedDependencies"
        label="Shared Dependencies (JSON)"
        placeholder='{"react": "^19.0.0"}'
        minLines={3}
        error={errors.sharedDependencies}
      />
      <CodeEditorField
        control={form.control}
        name="buildMetadata"
        id="version-buildMetadata"
        label="Build Metadata (JSON)"
        placeholder='{"commit": "abc123"}'
        minLines={3}
        error={errors.buildMetadata}
      />
    </div>
  );
}
