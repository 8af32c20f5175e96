import type { Environment } from '@contract/common';
import { useState } from 'react';
import { useIsAdmin } from '@/auth';
import type { ChangeRequestForm, ChangeRequestScopeProps } from '@/components/change-request-form';
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

/**
 * A dialog's change under the approval policy of `tenantId` (null: the platform's): whether it applies
 * directly or becomes a change request, the request's fields, and its submit (docs/requesting-changes.md).
 */
export function useChangeRequestForm({
  tenantId,
  environment,
  enabled = true,
  review,
}: {
  tenantId: string | null;
  environment: Environment | null;
  /** false: the policy is not read yet (the mode stays 'loading'). */
  enabled?: boolean;
  /**
   * A change whose review does not follow the policy (a lowered approval policy): how many approvals it
   * needs (0: direct), the note saying why, and no bypass (the server refuses one).
   */
  review?: { requiredApprovals: number; note: string };
}): ChangeRequestForm {
  const policy = useApprovalPolicy(tenantId, { enabled: enabled && !review });
  usePrefetchWhenIdle(RequestChangeFields);
  const isAdmin = useIsAdmin();
  const canBypass = isAdmin && !review;
  const request = useRequestChange();
  const [options, setOptions] = useState(defaultRequestOptions);

  const requiredApprovals = review
    ? review.requiredApprovals
    : environment
      ? approvalsNeeded(policy.data, environment)
      : 0;
  // An unreadable policy falls back to the direct call: the server still refuses it (409) if the
  // change needs approval, and handleDirectError then switches to a request.
  const mode = !review && policy.isPending ? 'loading' : requiredApprovals > 0 ? 'request' : 'direct';
  const bypass = canBypass && options.bypass;

  const fields =
    environment && mode === 'request' ? (
      <RequestChangeFields
        value={options}
        onChange={setOptions}
        environment={environment}
        requiredApprovals={requiredApprovals}
        scope={tenantId === null ? 'platform' : 'tenant'}
        canBypass={canBypass}
        note={review?.note}
        disabled={request.isPending}
        errors={requestFieldIssues(request.error)}
      />
    ) : (
      <></>
    );

  return {
    mode,
    requiredApprovals,
    fields,
    valid: requestOptionsValid(options, canBypass),
    bypass,
    submitLabel: bypass ? 'Apply now (bypass)' : 'Request change',
    pending: request.isPending,
    submit: (change, callbacks) =>
      request.mutate(toChangeRequestBody(change, options, canBypass), {
        onSuccess: (created) => {
          callbacks?.onSuccess?.(created);
        },
        onError: (error) => {
          notifyError(error, 'Failed to request the change');
          callbacks?.onError?.(error);
        },
      }),
    handleDirectError: (error) => {
      if (!isApprovalRequired(error)) return false;
      void policy.refetch();
      toast({
        title: 'Approval now required',
        description: `${getErrorMessage(error, 'This change now needs approval.')} The dialog now requests the change.`,
      });
      return true;
    },
  };
}

/** useChangeRequestForm as a component, for shared dialogs that may not import this feature. */
export function ChangeRequestFormScope({ tenantId, environment, children }: ChangeRequestScopeProps) {
  const form = useChangeRequestForm({ tenantId, environment });
  return <>{children(form)}</>;
}
