import type { HTMLAttributes } from 'react';
import type { FieldError as FormFieldError, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Field, FieldDescription, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

type TextFieldProps<V extends FieldValues> = {
  form: UseFormReturn<V>;
  name: Path<V>;
  /** The input's id; its error's is `${id}-error`. */
  id: string;
  label: string;
  error: FormFieldError | undefined;
  placeholder?: string;
  /** font-mono for paths and addresses. */
  className?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  description?: string;
};

/** A labelled one-line text input of a react-hook-form form, with its hint and its error. */
export function TextField<V extends FieldValues>({
  form,
  name,
  id,
  label,
  error,
  placeholder,
  className,
  inputMode,
  description,
}: TextFieldProps<V>) {
  return (
    <Field data-invalid={!!error || undefined}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <Input
        {...fieldControlProps(id, !!error)}
        className={className}
        inputMode={inputMode}
        placeholder={placeholder}
        autoComplete="off"
        {...form.register(name)}
      />
      {description && <FieldDescription>{description}</FieldDescription>}
      <FieldError id={`${id}-error`} errors={[error]} />
    </Field>
  );
}
