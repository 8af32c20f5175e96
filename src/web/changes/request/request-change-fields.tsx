import { environmentNames, type Environment } from '@contract/vocabulary';
import { lazy, Suspense, useId, type RefObject } from 'react';
import { Field, FieldError, FieldLabel, fieldControlProps } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import type { ReleaseIntent } from '@/changes/request/add-to-release-button';
import type { RequestField } from '@/changes/request/api';
import { BypassFields, ScheduleFields, type SetOption } from '@/changes/request/request-option-fields';
import type { RequestOptions } from '@/changes/request/request-options';

// A chunk of its own, loaded with the fields: through it the releases feature's API stays out of the
// chunks the list screens share (as part of this chunk it reshuffled them past /deployments' budget).
const AddToReleaseSubmit = lazy(() =>
  import('@/changes/request/add-to-release-button').then((m) => ({ default: m.AddToReleaseSubmit })),
);

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
  /** Offers "Add to release", which hands its submit's change here (none: a change filed on its own). */
  releaseRef?: RefObject<ReleaseIntent | null>;
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
  releaseRef,
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
      {/* A bypass applies now: nothing to gather into a release. */}
      {releaseRef && (
        <Suspense fallback={null}>
          <AddToReleaseSubmit intentRef={releaseRef} disabled={disabled || bypass} />
        </Suspense>
      )}
    </div>
  );
}
