import { get, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { FormSelect } from '@/components/form-select';
import { withCurrent } from '@/tenants/list/lib/labels';

type SavedValueSelectProps<T extends FieldValues> = {
  form: UseFormReturn<T>;
  name: FieldPath<T>;
  /** The id is `${idPrefix}-${name}`. */
  idPrefix: string;
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
};

/**
 * A tenant form's select of a known list that still offers the field's saved value when it is outside
 * the list (set elsewhere, e.g. through the API), so opening and saving the form never loses it.
 */
export function SavedValueSelect<T extends FieldValues>({
  form,
  name,
  idPrefix,
  options,
  ...props
}: SavedValueSelectProps<T>) {
  const saved: unknown = get(form.formState.defaultValues, name);
  return (
    <FormSelect
      control={form.control}
      name={name}
      id={`${idPrefix}-${name}`}
      options={withCurrent(options, typeof saved === 'string' ? saved : undefined)}
      {...props}
    />
  );
}
