import { environmentNames, type Environment } from '@contract/vocabulary';
import { useId } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, FieldDescription, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { RequestField } from '@/changes/request/api';
import { timeZoneChoices, type RequestOptions } from '@/changes/request/request-options';

const selectClass =
  'h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50 dark:bg-input/30';

export type RequestChangeFieldsProps = {
  value: RequestOptions;
  onChange: (next: RequestOptions) => void;
  environment: Environment;
  requiredApprovals: number;
  /** Whose policy asks: a tenant's, or the platform's (shared capabilities and deployments). */
  scope: 'tenant' | 'platform';
  /** Global administrators may apply at once, with an audited reason. */
  canBypass: boolean;
  /** Why the change is requested, when not the policy's approvals (approvalNote). */
  note?: string;
  disabled?: boolean;
  /** The server's issues about these fields. */
  errors?: Partial<Record<RequestField, string>>;
};

/** The sentence that says why the dialog requests rather than applies. */
export function approvalNote(
  environment: Environment,
  requiredApprovals: number,
  scope: 'tenant' | 'platform',
) {
  const approvals = requiredApprovals === 1 ? '1 approval' : `${requiredApprovals} approvals`;
  const whose =
    scope === 'tenant'
      ? `${environmentNames[environment]} changes of this tenant`
      : `Platform ${environmentNames[environment]} changes`;
  return `${whose} need ${approvals}: this creates a change request.`;
}

/**
 * The part of a dialog that turns its change into a change request (docs/requesting-changes.md): why,
 * an optional description and schedule, and for global administrators a bypass with its reason.
 */
export function RequestChangeFields({
  value,
  onChange,
  environment,
  requiredApprovals,
  scope,
  canBypass,
  note,
  disabled = false,
  errors = {},
}: RequestChangeFieldsProps) {
  const id = useId();
  const set: SetOption = (key, next) => onChange({ ...value, [key]: next });
  const bypass = canBypass && value.bypass;
  const parts = { id, value, set, disabled, errors };

  return (
    <div className="space-y-4 rounded-md border border-dashed p-3" data-testid="request-change-fields">
      <p className="text-sm" role="note">
        {bypass
          ? 'This applies the change now, without approval. Your reason is recorded in the audit log.'
          : (note ?? approvalNote(environment, requiredApprovals, scope))}
      </p>
      <Field data-invalid={!!errors.description || undefined}>
        <FieldLabel htmlFor={`${id}-description`}>Description (optional)</FieldLabel>
        <Textarea
          {...fieldControlProps(`${id}-description`, !!errors.description)}
          value={value.description}
          maxLength={4000}
          rows={2}
          placeholder="Why this change, for the reviewers"
          disabled={disabled}
          onChange={(event) => set('description', event.target.value)}
        />
        <FieldError id={`${id}-description-error`}>{errors.description}</FieldError>
      </Field>
      {!bypass && <ScheduleFields {...parts} />}
      {canBypass && <BypassFields {...parts} />}
    </div>
  );
}

type SetOption = <K extends keyof RequestOptions>(key: K, next: RequestOptions[K]) => void;

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
function ScheduleFields({ id, value, set, disabled, errors }: PartProps) {
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
function BypassFields({ id, value, set, disabled, errors }: PartProps) {
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
