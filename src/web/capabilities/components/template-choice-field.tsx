import { Controller, type UseFormReturn } from 'react-hook-form';
import type { TemplateFormInput, TemplateFormValues } from '@/capabilities/lib/template-form';
import { Field, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

type Form = UseFormReturn<TemplateFormInput, unknown, TemplateFormValues>;
type SelectName = 'language' | 'deliveryChannel' | 'status';

/** One of the template's closed sets, as a select: each option with its label and its code. */
export function ChoiceField({
  form,
  name,
  label,
  options,
  labels,
}: {
  form: Form;
  name: SelectName;
  label: string;
  options: readonly string[];
  labels: Record<string, string>;
}) {
  const id = `template-${name}`;
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Field data-invalid={fieldState.invalid || undefined}>
          <FieldLabel htmlFor={id}>{label}</FieldLabel>
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger
              {...fieldControlProps(id, fieldState.invalid)}
              className="w-full"
              ref={field.ref}
              onBlur={field.onBlur}
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option} value={option}>
                  {labels[option] ?? option} ({option})
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FieldError id={`${id}-error`} errors={[fieldState.error]} />
        </Field>
      )}
    />
  );
}
