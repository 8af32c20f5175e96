import type { Schedule } from '@contract/changes';
import { useId, useState } from 'react';
import { Field, FieldDescription, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** What the schedule fields report: the schedule chosen (null: when approved) and whether it is complete. */
export type ScheduleChoice = { schedule: Schedule | null; valid: boolean };

const selectClass =
  'h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 dark:bg-input/30';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const zones = (current: string) => {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['UTC'];
  return known.includes(current) ? known : [current, ...known];
};

/**
 * "Schedule for later", as the request dialogs offer it (their ScheduleFields), in plain controls: the
 * release page is a chunk of its own, and sharing the request fields' modules with it would split the
 * list screens' shared chunks and cost them bytes they do not have (e2e/shell/bundle-budget.spec.ts).
 */
export function ReleaseScheduleFields({
  disabled,
  error,
  onChange,
}: {
  disabled: boolean;
  /** The server's word on the schedule. */
  error?: string;
  onChange: (choice: ScheduleChoice) => void;
}) {
  const id = useId();
  const [scheduled, setScheduled] = useState(false);
  const [localTime, setLocalTime] = useState('');
  const [timeZone, setTimeZone] = useState(browserZone);
  const report = (next: { scheduled: boolean; localTime: string; timeZone: string }) => {
    // Without fractional seconds, which some datetime-local inputs add and the server refuses.
    const time = next.localTime.replace(/(T\d{2}:\d{2}:\d{2})\.\d+$/, '$1');
    onChange({
      schedule: next.scheduled ? { localTime: time, timeZone: next.timeZone } : null,
      valid: !next.scheduled || time !== '',
    });
  };
  const current = { scheduled, localTime, timeZone };

  return (
    <div className="space-y-3">
      <label htmlFor={`${id}-schedule`} className="flex items-center gap-2 text-sm font-medium">
        <input
          id={`${id}-schedule`}
          type="checkbox"
          className="size-4 accent-primary"
          checked={scheduled}
          disabled={disabled}
          onChange={(event) => {
            setScheduled(event.target.checked);
            report({ ...current, scheduled: event.target.checked });
          }}
        />
        Schedule for later
      </label>
      {scheduled && (
        <ScheduleTime
          id={id}
          localTime={localTime}
          timeZone={timeZone}
          disabled={disabled}
          error={error}
          onTime={(value) => {
            setLocalTime(value);
            report({ ...current, localTime: value });
          }}
          onZone={(value) => {
            setTimeZone(value);
            report({ ...current, timeZone: value });
          }}
        />
      )}
    </div>
  );
}

type ScheduleTimeProps = {
  id: string;
  localTime: string;
  timeZone: string;
  disabled: boolean;
  error?: string;
  onTime: (localTime: string) => void;
  onZone: (timeZone: string) => void;
};

/** When, in which zone: the fields "Schedule for later" reveals. */
function ScheduleTime({ id, localTime, timeZone, disabled, error, onTime, onZone }: ScheduleTimeProps) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field data-invalid={!!error || undefined}>
        <FieldLabel htmlFor={`${id}-time`}>Apply at</FieldLabel>
        <Input
          {...fieldControlProps(`${id}-time`, !!error)}
          type="datetime-local"
          step={1}
          required
          value={localTime}
          disabled={disabled}
          onChange={(event) => onTime(event.target.value)}
        />
        <FieldDescription>Once approved, the release applies at this time.</FieldDescription>
        <FieldError id={`${id}-time-error`}>{error}</FieldError>
      </Field>
      <Field>
        <FieldLabel htmlFor={`${id}-zone`}>Time zone</FieldLabel>
        <select
          id={`${id}-zone`}
          className={selectClass}
          value={timeZone}
          disabled={disabled}
          onChange={(event) => onZone(event.target.value)}
        >
          {zones(timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}
