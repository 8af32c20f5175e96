import { Field, FieldContent, FieldDescription, FieldLabel } from '@/components/ui/field';
import { Switch } from '@/components/ui/switch';

type SettingsSwitchProps = {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/** One on/off setting: label and description on the left, the switch on the right. */
export function SettingsSwitch({
  id,
  label,
  description,
  checked,
  disabled,
  onCheckedChange,
}: SettingsSwitchProps) {
  return (
    <Field orientation="horizontal" className="justify-between gap-4">
      <FieldContent>
        <FieldLabel htmlFor={id}>{label}</FieldLabel>
        <FieldDescription>{description}</FieldDescription>
      </FieldContent>
      <Switch id={id} checked={checked} disabled={disabled} onCheckedChange={onCheckedChange} />
    </Field>
  );
}
