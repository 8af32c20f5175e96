import { useMutation, useQuery } from '@tanstack/react-query';
import type { ApprovalPolicy, ChangeRequest, CreateChangeRequestBody } from '@contract/changes';
import type { Environment } from '@contract/common';
import type { ErrorBody } from '@contract/errors';
import { useNavigate } from 'react-router';
import { ApiError, sendJson } from '@/lib/api-client';
import { approvalPolicyQueryOptions } from '@/changes/api/approval-policy';
import { useInvalidateChangeRequests } from '@/changes/api/applied-change-effects';
import { CHANGE_REQUESTS_PATH } from '@/changes/api/change-request-keys';
import { notifyRequested } from '@/changes/request/notify-requested';

/** `enabled: false` reads nothing yet (a dialog mounted while closed). */
export function useApprovalPolicy(tenantId: string | null, { enabled = true } = {}) {
  return useQuery({ ...approvalPolicyQueryOptions(tenantId), enabled });
}

/** How many approvals the environment's changes need under the policy (0: they apply directly). */
export function approvalsNeeded(policy: ApprovalPolicy | undefined, environment: Environment): number {
  return policy?.requiredApprovals[environment] ?? 0;
}

export const needsApproval = (policy: ApprovalPolicy | undefined, environment: Environment): boolean =>
  approvalsNeeded(policy, environment) > 0;

// Defined with the form contract (change-request-form.ts), which the dialogs of other features read.
export { isApprovalRequired } from '@/changes/request/change-request-form';

/** POST /api/change-requests: 201 with the request (applied at once, pending or scheduled). */
export function createChangeRequest(body: CreateChangeRequestBody): Promise<ChangeRequest> {
  return sendJson<ChangeRequest>('POST', CHANGE_REQUESTS_PATH, body);
}

/**
 * Posts a change request and toasts it ("Change request #N created", or "Change applied" after a bypass)
 * with a way to its page; the Changes list and the sidebar badge refresh after it.
 */
export function useRequestChange() {
  const invalidate = useInvalidateChangeRequests();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: createChangeRequest,
    onSuccess: (created) => {
      notifyRequested(created, (path) => void navigate(path));
      // A bypass (or a policy of none) applied it at once: what it changed is stale too.
      return invalidate(created);
    },
  });
}

/**
 * A change request's refusal as its direct endpoint would have said it: the issues of the change's
 * body ("body.change.body.configuration") become the dialog's own ("body.configuration"), so the
 * dialog's existing field mapping applies. Other errors are returned as they are.
 */
export function asDirectError(error: unknown): unknown {
  if (!(error instanceof ApiError) || !Array.isArray(error.body?.issues)) return error;
  const issues = error.body.issues.map((issue) =>
    issue.path.startsWith('body.change.body.')
      ? { ...issue, path: `body.${issue.path.slice('body.change.body.'.length)}` }
      : issue,
  );
  const body: Partial<ErrorBody> = { ...error.body, issues };
  return new ApiError(error.status, error.message.replace(/^\d{3}: /, ''), body);
}

/** The issues of the request's own fields (description, schedule, bypass reason), by field. */
export function requestFieldIssues(error: unknown): Partial<Record<RequestField, string>> {
  if (!(error instanceof ApiError) || !Array.isArray(error.body?.issues)) return {};
  const found: Partial<Record<RequestField, string>> = {};
  for (const issue of error.body.issues) {
    const field = REQUEST_FIELDS.find(
      (name) => issue.path === `body.${name}` || issue.path.startsWith(`body.${name}.`),
    );
    if (field && !found[field]) found[field] = issue.message;
  }
  return found;
}

const REQUEST_FIELDS = ['description', 'schedule', 'bypassReason'] as const;
export type RequestField = (typeof REQUEST_FIELDS)[number];
