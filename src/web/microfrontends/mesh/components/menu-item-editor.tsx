import type { Microfrontend } from '@contract/microfrontends';
import { Trash2 } from 'lucide-react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { usePublishedVersions } from '@/microfrontends/mesh/api/get-published-versions';
import type { MeshFormInput, MeshFormValues } from '@/microfrontends/mesh/lib/mesh-form';

type Form = UseFormReturn<MeshFormInput, unknown, MeshFormValues>;

type MenuItemEditorProps = {
  form: Form;
  index: number;
  microfrontends: Microfrontend[];
  onRemove: () => void;
};

/** One menu item: label, microfrontend, published version, optional JSON override, order, remove. */
export function MenuItemEditor({ form, index, microfrontends, onRemove }: MenuItemEditorProps) {
  const microfrontendId = useWatch({ control: form.control, name: `items.${index}.microfrontendId` });
  const versions = usePublishedVersions(microfrontendId);
  const itemErrors = form.formState.errors.items?.[index];
  const id = (name: string) => `mesh-item-${index}-${name}`;

  const versionPlaceholder = !microfrontendId
    ? 'Select a microfrontend first'
    : versions.isPending
      ? 'Loading versions...'
      : versions.isError
        ? 'Versions could not be loaded'
        : versions.data?.length === 0
          ? 'No published versions'
          : 'Select a version';

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
        <Field data-invalid={!!itemErrors?.label || undefined}>
          <FieldLabel htmlFor={id('label')}>Label</FieldLabel>
          <Input
            {...fieldControlProps(id('label'), !!itemErrors?.label)}
            placeholder="Dashboard"
            {...form.register(`items.${index}.label`)}
          />
          <FieldError id={`${id('label')}-error`} errors={[itemErrors?.label]} />
        </Field>
        <Controller
          control={form.control}
          name={`items.${index}.microfrontendId`}
          render={({ field }) => (
            <Field>
              <FieldLabel htmlFor={id('microfrontend')}>Microfrontend</FieldLabel>
              <Select
                value={field.value}
                onValueChange={(value) => {
                  if (value === field.value) return;
                  field.onChange(value);
                  // A different microfrontend: its versions differ, so the chosen one goes.
                  form.setValue(`items.${index}.microfrontendVersionId`, '', {
                    shouldValidate: form.formState.isSubmitted,
                  });
                }}
              >
                <SelectTrigger id={id('microfrontend')} className="w-full">
                  <SelectValue placeholder="Select a microfrontend" />
                </SelectTrigger>
                <SelectContent>
                  {microfrontends.map((m) => (
                    <SelectItem key={m.id} value={m.id}>
                      {m.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </Field>
          )}
        />
        <Controller
          control={form.control}
          name={`items.${index}.microfrontendVersionId`}
          render={({ field, fieldState }) => (
            <Field data-invalid={fieldState.invalid || undefined}>
              <FieldLabel htmlFor={id('version')}>Version</FieldLabel>
              <Select value={field.value} onValueChange={field.onChange} disabled={!versions.data?.length}>
                <SelectTrigger {...fieldControlProps(id('version'), fieldState.invalid)} className="w-full">
                  <SelectValue placeholder={versionPlaceholder} />
                </SelectTrigger>
                <SelectContent>
                  {versions.data?.map((v) => (
                    <SelectItem key={v.id} value={v.id}>
                      {v.version} ({v.status})
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FieldError id={`${id('version')}-error`} errors={[fieldState.error]} />
            </Field>
          )}
        />
      </div>
      <Field>
        <FieldLabel htmlFor={id('config')}>Configuration override (JSON)</FieldLabel>
        <Textarea
          id={id('config')}
          rows={3}
          className="font-mono"
          placeholder='{"key": "value"}'
          {...form.register(`items.${index}.configText`)}
        />
        <FieldDescription>
          Optional; laid over the version&apos;s default configuration when it parses.
        </FieldDescription>
      </Field>
    </li>
  );
}
