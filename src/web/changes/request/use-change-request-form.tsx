import type { Environment } from '@contract/common';
import { useRef, useState } from 'react';
import type { ReleaseIntent } from '@/changes/request/add-to-release-button';
import { useIsAdmin } from '@/auth';
import type { ChangeRequestForm, ChangeRequestScopeProps } from '@/changes/request/change-request-form';
import { toast } from '@/components/ui/use-toast';
import { getErrorMessage } from '@/lib/api-client';
import { notifyError } from '@/components/notify';
import {
  approvalsNeeded,
  isApprovalRequired,
  requestFieldIssues,
  useApprovalPolicy,
  useRequestChange,
} from '@/changes/request/api';
import {
  defaultRequestOptions,
  requestOptionsValid,
  toChangeRequestBody,
} from '@/changes/request/request-options';
import { lazyDialog, usePrefetchWhenIdle } from '@/components/lazy-dialog';

// The request's own fields show only in request mode, inside a dialog: they load on their own, so a
// screen whose writes may become requests does not download them to paint.
const RequestChangeFields = lazyDialog(
  () => import('@/changes/request/request-change-fields').then((m) => m.RequestChangeFields),
  () => true,
);

type ChangeRequestFormOptions = {
  tenantId: string | null;
  environment: Environment | null;
  /** false: the policy is not read yet (the mode stays 'loading'). */
  enabled?: boolean;
  /**
   * A change whose review does not follow the policy (a lowered approval policy): how many approvals it
   * needs (0: direct), the note saying why, and no bypass (the server refuses one).
   */
  review?: { requiredApprovals: number; note: string };
};

/** How many approvals the change needs under the policy (or its own review), and so the dialog's mode. */
function useRequestMode({ tenantId, environment, enabled = true, review }: ChangeRequestFormOptions) {
  const policy = useApprovalPolicy(tenantId, { enabled: enabled && !review });
  const requiredApprovals = review
    ? review.requiredApprovals
    : environment
      ? approvalsNeeded(policy.data, environment)
      : 0;
  // An unreadable policy falls back to the direct call: the server still refuses it (409) if the
  // change needs approval, and handleDirectError then switches to a request.
  const mode: ChangeRequestForm['mode'] =
    !review && policy.isPending ? 'loading' : requiredApprovals > 0 ? 'request' : 'direct';
  const refetchPolicy = () => void policy.refetch();
  return { requiredApprovals, mode, refetchPolicy };
}

/** A direct call refused with 409 APPROVAL_REQUIRED: read the policy again and say the dialog now requests. */
function switchesToRequest(error: unknown, refetchPolicy: () => void): boolean {
  if (!isApprovalRequired(error)) return false;
  refetchPolicy();
  toast({
    title: 'Approval now required',
    description: `${getErrorMessage(error, 'This change now needs approval.')} The dialog now requests the change.`,
  });
  return true;
}

/**
 * A dialog's change under the approval policy of `tenantId` (null: the platform's): whether it applies
 * directly or becomes a change request, the request's fields, and its submit (docs/requesting-changes.md).
 */
export function useChangeRequestForm(options: ChangeRequestFormOptions): ChangeRequestForm {
  const { tenantId, environment, review } = options;
  const { requiredApprovals, mode, refetchPolicy } = useRequestMode(options);
  usePrefetchWhenIdle(RequestChangeFields);
  const isAdmin = useIsAdmin();
  const canBypass = isAdmin && !review;
  const request = useRequestChange();
  const [values, setValues] = useState(defaultRequestOptions);
  const bypass = canBypass && values.bypass;
  // Set by the fields' "Add to release" for the submit it starts (a lowered policy is filed on its own).
  const releaseRef = useRef<ReleaseIntent | null>(null);

  const fields =
    environment && mode === 'request' ? (
      <RequestChangeFields
        value={values}
        onChange={setValues}
        environment={environment}
        requiredApprovals={requiredApprovals}
        scope={tenantId === null ? 'platform' : 'tenant'}
        canBypass={canBypass}
        note={review?.note}
        disabled={request.isPending}
        errors={requestFieldIssues(request.error)}
        releaseRef={review ? undefined : releaseRef}
      />
    ) : (
      <></>
    );

  return {
    mode,
    requiredApprovals,
    fields,
    valid: requestOptionsValid(values, canBypass),
    bypass,
    submitLabel: bypass ? 'Apply now (bypass)' : 'Request change',
    pending: request.isPending,
    submit: (change, callbacks) => {
      const addToRelease = releaseRef.current;
      releaseRef.current = null;
      if (addToRelease) return addToRelease(change);
      request.mutate(toChangeRequestBody(change, values, canBypass), {
        onSuccess: (created) => {
          callbacks?.onSuccess?.(created);
        },
        onError: (error) => {
          notifyError(error, 'Failed to request the change');
          callbacks?.onError?.(error);
        },
      });
    },
    handleDirectError: (error) => switchesToRequest(error, refetchPolicy),
  };
}

/** useChangeRequestForm as a component, for shared dialogs that may not import this feature. */
export function ChangeRequestFormScope({ tenantId, environment, children }: ChangeRequestScopeProps) {
  const form = useChangeRequestForm({ tenantId, environment });
  return <>{children(form)}</>;
}
