import { Checkbox } from '@/components/ui/checkbox';
import { Field, FieldDescription, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { RequestField } from '@/changes/request/api';
import { timeZoneChoices, type RequestOptions } from '@/changes/request/request-options';

const selectClass =
  'h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 dark:bg-input/30';

export type SetOption = <K extends keyof RequestOptions>(key: K, next: RequestOptions[K]) => void;

/** What the schedule and bypass parts share: the ids' stem, the options and how to set one. */
type PartProps = {
  id: string;
  value: RequestOptions;
  set: SetOption;
  disabled: boolean;
  errors: Partial<Record<RequestField, string>>;
};

/** A ticked box that reveals the fields it asks for. */
function OptionToggle({
  id,
  label,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Checkbox
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={(next) => onChange(next === true)}
      />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

/** "Schedule for later": the local time the change applies at once approved, and its zone. */
export function ScheduleFields({ id, value, set, disabled, errors }: PartProps) {
  const scheduleError = errors.schedule;
  return (
    <div className="space-y-3">
      <OptionToggle
        id={`${id}-schedule`}
        label="Schedule for later"
        checked={value.scheduled}
        disabled={disabled}
        onChange={(checked) => set('scheduled', checked)}
      />
      {value.scheduled && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field data-invalid={!!scheduleError || undefined}>
            <FieldLabel htmlFor={`${id}-time`}>Apply at</FieldLabel>
            <Input
              {...fieldControlProps(`${id}-time`, !!scheduleError)}
              type="datetime-local"
              step={1}
              required
              value={value.localTime}
              disabled={disabled}
              onChange={(event) => set('localTime', event.target.value)}
            />
            <FieldDescription>Once approved, it applies at this time.</FieldDescription>
            <FieldError id={`${id}-time-error`}>{scheduleError}</FieldError>
          </Field>
          <Field>
            <FieldLabel htmlFor={`${id}-zone`}>Time zone</FieldLabel>
            <select
              id={`${id}-zone`}
              className={selectClass}
              value={value.timeZone}
              disabled={disabled}
              onChange={(event) => set('timeZone', event.target.value)}
            >
              {timeZoneChoices(value.timeZone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          </Field>
        </div>
      )}
    </div>
  );
}

/** "Bypass approval" (global administrators): applies at once, with the reason the audit log keeps. */
export function BypassFields({ id, value, set, disabled, errors }: PartProps) {
  const reasonMissing = value.bypass && value.reason.trim() === '';
  return (
    <div className="space-y-3">
      <OptionToggle
        id={`${id}-bypass`}
        label="Bypass approval"
        checked={value.bypass}
        disabled={disabled}
        onChange={(checked) => set('bypass', checked)}
      />
      {value.bypass && (
        <Field data-invalid={!!errors.bypassReason || undefined}>
          <FieldLabel htmlFor={`${id}-reason`}>Reason</FieldLabel>
          <Textarea
            {...fieldControlProps(`${id}-reason`, !!errors.bypassReason)}
            value={value.reason}
            required
            aria-required="true"
            maxLength={1000}
            rows={2}
            placeholder="e.g. Incident 4711: the fix cannot wait for review"
            disabled={disabled}
            onChange={(event) => set('reason', event.target.value)}
          />
          <FieldDescription>
            {reasonMissing ? 'A reason is required to bypass approval.' : 'Recorded in the audit log.'}
          </FieldDescription>
          <FieldError id={`${id}-reason-error`}>{errors.bypassReason}</FieldError>
        </Field>
      )}
    </div>
  );
}
