import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { SelectOptions } from '@/components/select-options';
import { Select, SelectTrigger, SelectValue } from '@/components/ui/select';

/** A required field's asterisk, drawn by CSS so it is not part of the label's text. */
export const REQUIRED_MARK = "after:-ml-1 after:text-destructive after:content-['*']";

type FormSelectProps<T extends FieldValues, TOut = T> = {
  /** The form's control, whatever its resolver makes of the values. */
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  id: string;
  label: string;
  placeholder?: string;
  options: readonly { value: string; label: string }[];
  className?: string;
  /** Marked required (an asterisk and aria-required). */
  required?: boolean;
};

/** A labelled select bound to a string form field; '' shows the placeholder. */
export function FormSelect<T extends FieldValues, TOut = T>({
  control,
  name,
  id,
  label,
  placeholder,
  options,
  className,
  required,
}: FormSelectProps<T, TOut>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field className={className} data-invalid={!!fieldState.error || undefined}>
          <FieldLabel htmlFor={id} className={required ? REQUIRED_MARK : undefined}>
            {label}
          </FieldLabel>
          <Select value={String(field.value ?? '')} onValueChange={field.onChange}>
            <SelectTrigger
              {...fieldControlProps(id, !!fieldState.error)}
              aria-required={required || undefined}
              className="w-full"
              ref={field.ref}
              onBlur={field.onBlur}
            >
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectOptions options={options} />
          </Select>
          <FieldError id={`${id}-error`} errors={[fieldState.error]} />
        </Field>
      )}
    />
  );
}
