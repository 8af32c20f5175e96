import { Checkbox } from '@/components/ui/checkbox';
import { FieldDescription, FieldError, FieldLegend, FieldSet } from '@/components/ui/field';
import { Label } from '@/components/ui/label';

type CheckboxListProps = {
  /** The ids of its checkboxes start with it; its error is `${id}-error`. */
  id: string;
  legend: string;
  description?: string;
  choices: readonly { value: string; label: string }[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: { message?: string };
};

/** A labelled group of checkboxes over a set of values: ticked ones are the value, in the choices' order. */
export function CheckboxList({
  id,
  legend,
  description,
  choices,
  value,
  onChange,
  error,
}: CheckboxListProps) {
  const toggle = (choice: string, checked: boolean) =>
    onChange(choices.map((c) => c.value).filter((v) => (v === choice ? checked : value.includes(v))));
  return (
    <FieldSet
      className="gap-2"
      data-invalid={!!error || undefined}
      aria-invalid={!!error || undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <FieldLegend variant="label" className="mb-1">
        {legend}
      </FieldLegend>
      {description && <FieldDescription>{description}</FieldDescription>}
      <div className="grid gap-2 sm:grid-cols-2">
        {choices.map((choice) => (
          <div key={choice.value} className="flex items-center gap-2">
            <Checkbox
              id={`${id}-${choice.value}`}
              checked={value.includes(choice.value)}
              onCheckedChange={(checked) => toggle(choice.value, checked === true)}
            />
            <Label htmlFor={`${id}-${choice.value}`} className="font-normal break-all">
              {choice.label}
            </Label>
          </div>
        ))}
      </div>
      <FieldError id={`${id}-error`} errors={[error]} />
    </FieldSet>
  );
}
