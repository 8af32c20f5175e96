import { Trash2 } from 'lucide-react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { CodeEditorField } from '@/components/code-editor';
import { Button } from '@/components/ui/button';
import { FormTextField } from '@/components/form-text-field';
import { Field, FieldError, FieldLabel } from '@/components/ui/field';
import { ServerCombobox } from '@/components/server-combobox';
import { microfrontendOptionsQueryOptions } from '@/microfrontends/api/get-microfrontend-options';
import { publishedVersionOptionsQueryOptions } from '@/microfrontends/api/get-microfrontend-versions';
import type { MeshFormInput, MeshFormValues } from '@/microfrontends/mesh/lib/mesh-form';

type Form = UseFormReturn<MeshFormInput, unknown, MeshFormValues>;

type MenuItemEditorProps = {
  form: Form;
  index: number;
  onRemove: () => void;
};

type PickersProps = { form: Form; index: number; id: (name: string) => string };

/** The item's microfrontend, then one of its published versions (cleared when the microfrontend changes). */
function MicrofrontendVersionPickers({ form, index, id }: PickersProps) {
  const microfrontendId = useWatch({ control: form.control, name: `items.${index}.microfrontendId` });
  return (
    <>
      <Controller
        control={form.control}
        name={`items.${index}.microfrontendId`}
        render={({ field }) => (
          <Field>
            <FieldLabel htmlFor={id('microfrontend')}>Microfrontend</FieldLabel>
            <ServerCombobox
              id={id('microfrontend')}
              label="Microfrontend"
              value={field.value}
              optionsQuery={microfrontendOptionsQueryOptions}
              placeholder="Select a microfrontend"
              searchPlaceholder="Search microfrontends..."
              onChange={(value) => {
                if (value === field.value) return;
                field.onChange(value);
                // A different microfrontend: its versions differ, so the chosen one goes.
                form.setValue(`items.${index}.microfrontendVersionId`, '', {
                  shouldValidate: form.formState.isSubmitted,
                });
              }}
            />
          </Field>
        )}
      />
      <Controller
        control={form.control}
        name={`items.${index}.microfrontendVersionId`}
        render={({ field, fieldState }) => (
          <Field data-invalid={fieldState.invalid || undefined}>
            <FieldLabel htmlFor={id('version')}>Version</FieldLabel>
            <ServerCombobox
              id={id('version')}
              label="Version"
              value={field.value}
              onChange={field.onChange}
              // The picker asks only for this microfrontend's published versions (detail: the status).
              optionsQuery={(params) => publishedVersionOptionsQueryOptions(microfrontendId, params)}
              placeholder={microfrontendId ? 'Select a version' : 'Select a microfrontend first'}
              searchPlaceholder="Search versions..."
              disabled={!microfrontendId}
              invalid={fieldState.invalid}
            />
            <FieldError id={`${id('version')}-error`} errors={[fieldState.error]} />
          </Field>
        )}
      />
    </>
  );
}

/** One menu item: label, microfrontend, published version, optional JSON override, order, remove. */
export function MenuItemEditor({ form, index, onRemove }: MenuItemEditorProps) {
  const id = (name: string) => `mesh-item-${index}-${name}`;

  return (
    <li
      data-testid="mesh-item"
      aria-label={`Menu item ${index + 1}`}
      className="space-y-4 rounded-lg border p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <Badge variant="secondary" data-testid="mesh-item-order">
          Order: {index}
        </Badge>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Remove item ${index + 1}`}
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormTextField
          form={form}
          name={`items.${index}.label`}
          id={id('label')}
          label="Label"
          placeholder="Dashboard"
        />
        <MicrofrontendVersionPickers form={form} index={index} id={id} />
      </div>
      <CodeEditorField
        control={form.control}
        name={`items.${index}.configText`}
        id={id('config')}
        label="Configuration override (JSON)"
        minLines={3}
        placeholder='{"key": "value"}'
        description="Optional; laid over the version's default configuration when it parses."
      />
    </li>
  );
}
