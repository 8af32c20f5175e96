import { RESCHEDULE_TOLERANCE_HOURS, type Schedule } from '@contract/changes';
import { instantOfLocalTime, LOCAL_TIME_PATTERN, localTimeOf } from '@contract/time-zone';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { browserTimeZone, formatInstant } from '@/changes/lib/format';
import { timeZoneChoices } from '@/changes/request/request-options';
import { DialogForm } from '@/components/dialog-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import type { DialogOpenProps } from '@/components/dialog-open';

const selectClass = cn(
  'h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none dark:bg-input/30',
  'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
);

/** Why a typed time cannot be sent, or null; the server checks the same (and that it is ahead). */
function scheduleProblem(localTime: string, instant: string | undefined): string | null {
  if (localTime === '') return 'Choose a date and time';
  if (instant === undefined) return 'Must be a real date and time';
  return Date.parse(instant) <= Date.now() ? 'Must be in the future' : null;
}

type ScheduleDialogProps = DialogOpenProps & {
  /** The current schedule, for Reschedule. */
  scheduledAt: string | null;
  scheduleTimeZone: string | null;
  pending: boolean;
  onSubmit: (schedule: Schedule) => void;
};

/** Schedule / Reschedule: a local date and time (seconds allowed) in an IANA time zone. */
export function ScheduleDialog({ open, onOpenChange, ...props }: ScheduleDialogProps) {
  const rescheduling = props.scheduledAt !== null;
  return (
    <Dialog open={open} onOpenChange={(next) => !props.pending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{rescheduling ? 'Reschedule change' : 'Schedule change'}</DialogTitle>
          <DialogDescription>
            Once approved, the change applies at this time instead of at the last approval.
            {rescheduling &&
              ` Moving an approved time earlier, or more than ${RESCHEDULE_TOLERANCE_HOURS} hours later, asks for approval again.`}
          </DialogDescription>
        </DialogHeader>
        {open && <ScheduleForm {...props} />}
      </DialogContent>
    </Dialog>
  );
}

type TimeZoneFieldProps = {
  timeZone: string;
  onChange: (timeZone: string) => void;
  /** The chosen time, when it is a real one: shown in the browser's zone when that differs. */
  instant: string | undefined;
};

function TimeZoneField({ timeZone, onChange, instant }: TimeZoneFieldProps) {
  const zoneId = useId();
  const zones = useMemo(() => timeZoneChoices(timeZone), [timeZone]);
  return (
    <Field>
      <FieldLabel htmlFor={zoneId}>Time zone</FieldLabel>
      <select
        id={zoneId}
        className={selectClass}
        value={timeZone}
        onChange={(event) => onChange(event.target.value)}
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone}
          </option>
        ))}
      </select>
      {instant && timeZone !== browserTimeZone() && (
        <FieldDescription data-testid="schedule-local">
          That is {formatInstant(instant, browserTimeZone())} your time.
        </FieldDescription>
      )}
    </Field>
  );
}

function ScheduleForm({
  scheduledAt,
  scheduleTimeZone,
  pending,
  onSubmit,
}: Omit<ScheduleDialogProps, 'open' | 'onOpenChange'>) {
  const timeId = useId();
  const [timeZone, setTimeZone] = useState(scheduleTimeZone ?? browserTimeZone());
  const [localTime, setLocalTime] = useState(() =>
    scheduledAt && scheduleTimeZone ? localTimeOf(scheduledAt, scheduleTimeZone) : '',
  );
  const [error, setError] = useState<string | null>(null);
  const instant = LOCAL_TIME_PATTERN.test(localTime) ? instantOfLocalTime(localTime, timeZone) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = scheduleProblem(localTime, instant);
    if (problem) {
      setError(problem);
      document.getElementById(timeId)?.focus();
      return;
    }
    onSubmit({ localTime, timeZone });
  };

  return (
    <DialogForm
      label="Schedule change"
      pending={pending}
      submitLabel={pending ? 'Saving...' : 'Save schedule'}
      onSubmit={submit}
    >
      <Field>
        <FieldLabel htmlFor={timeId}>Date and time</FieldLabel>
        <Input
          {...fieldControlProps(timeId, error !== null)}
          type="datetime-local"
          step={1}
          value={localTime}
          onChange={(event) => {
            // Some browsers add milliseconds ("…:15.000"); the contract takes whole seconds.
            setLocalTime(event.target.value.replace(/\.\d+$/, ''));
            if (error) setError(null);
          }}
        />
        <FieldError id={`${timeId}-error`}>{error}</FieldError>
      </Field>
      <TimeZoneField timeZone={timeZone} onChange={setTimeZone} instant={instant} />
    </DialogForm>
  );
}
