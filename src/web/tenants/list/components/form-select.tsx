import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Field, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

type FormSelectProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  label: string;
  placeholder?: string;
  options: readonly { value: string; label: string }[];
  className?: string;
};

/** A labelled select bound to a string form field; '' shows the placeholder. */
export function FormSelect<T extends FieldValues>({
  control,
  name,
  id,
  label,
  placeholder,
  options,
  className,
}: FormSelectProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field className={className} data-invalid={!!fieldState.error || undefined}>
          <FieldLabel htmlFor={id}>{label}</FieldLabel>
          <Select value={(field.value as string | undefined) ?? ''} onValueChange={field.onChange}>
            <SelectTrigger
              {...fieldControlProps(id, !!fieldState.error)}
              className="w-full"
              ref={field.ref}
              onBlur={field.onBlur}
            >
              <SelectValue placeholder={placeholder} />
            </SelectTrigger>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
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
