import type { FieldError as HookFieldError, UseFormRegisterReturn } from 'react-hook-form';
import { Field, FieldDescription, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

type TextFieldProps = {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: HookFieldError;
  placeholder?: string;
  description?: string;
  /** A textarea of this many rows (monospace: JSON); an input without. */
  rows?: number;
  className?: string;
};

/** One labelled text control of the registry forms, with its error and aria-invalid. */
export function TextField({
  id,
  label,
  registration,
  error,
  placeholder,
  description,
  rows,
  className,
}: TextFieldProps) {
  const control = fieldControlProps(id, !!error);
  return (
    <Field className={className} data-invalid={!!error || undefined}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      {rows ? (
        <Textarea
          {...control}
          rows={rows}
          placeholder={placeholder}
          className={cn('font-mono text-xs')}
          {...registration}
        />
      ) : (
        <Input {...control} placeholder={placeholder} {...registration} />
      )}
      {description && <FieldDescription>{description}</FieldDescription>}
      <FieldError id={`${id}-error`} errors={[error]} />
    </Field>
  );
}
