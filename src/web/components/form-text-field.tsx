import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Field, FieldDescription, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

type FormTextFieldProps<T extends FieldValues> = {
  form: Pick<UseFormReturn<T>, 'register' | 'getFieldState' | 'formState'>;
  name: Path<T>;
  /** The control's id; its error is `${id}-error`. */
  id: string;
  label: string;
  placeholder?: string;
  description?: string;
  /** A textarea of this many rows; an input without. */
  rows?: number;
  type?: string;
  autoComplete?: string;
  className?: string;
};

/** One labelled text control bound to a form field, with its description, error and aria-invalid. */
export function FormTextField<T extends FieldValues>({
  form,
  name,
  id,
  label,
  placeholder,
  description,
  rows,
  type,
  autoComplete,
  className,
}: FormTextFieldProps<T>) {
  const { error } = form.getFieldState(name, form.formState);
  const control = { ...fieldControlProps(id, !!error), placeholder, ...form.register(name) };
  return (
    <Field className={className} data-invalid={!!error || undefined}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      {rows ? (
        <Textarea rows={rows} {...control} />
      ) : (
        <Input type={type} autoComplete={autoComplete} {...control} />
      )}
      {description && <FieldDescription>{description}</FieldDescription>}
      <FieldError id={`${id}-error`} errors={[error]} />
    </Field>
  );
}
