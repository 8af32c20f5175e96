import { Field, FieldLabel } from '@/components/ui/field';
import { Switch } from '@/components/ui/switch';

type SwitchFieldProps = {
  id: string;
  label: string;
  /** The form's field (a Controller's render props). */
  field: { value: boolean; onChange: (checked: boolean) => void };
};

/** An on/off setting of a form, its label beside the switch, aligned with the inputs of its row. */
export function SwitchField({ id, label, field }: SwitchFieldProps) {
  return (
    <Field orientation="horizontal" className="self-start sm:pt-7">
      <Switch id={id} checked={field.value} onCheckedChange={field.onChange} />
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
    </Field>
  );
}
