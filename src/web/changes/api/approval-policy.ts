import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApprovalPolicy, ApprovalPolicyBody } from '@contract/changes';
import { changeRequestKeys } from '@/changes/api/change-request-keys';
import { getJson, sendJson } from '@/lib/api-client';
import { invalidateWritten } from '@/lib/resource-effects';

/** A tenant's policy, or the platform's (shared capabilities and deployments) for null. */
const policyPath = (tenantId: string | null) =>
  tenantId === null ? '/api/approval-policy' : `/api/tenants/${encodeURIComponent(tenantId)}/approval-policy`;

/** GET /api/tenants/{id}/approval-policy or /api/approval-policy. */
export function getApprovalPolicy(tenantId: string | null): Promise<ApprovalPolicy> {
  return getJson<ApprovalPolicy>(policyPath(tenantId));
}

/** PUT the same path (global administrators only): answers the saved policy. */
export function putApprovalPolicy(
  tenantId: string | null,
  body: ApprovalPolicyBody,
): Promise<ApprovalPolicy> {
  return sendJson<ApprovalPolicy>('PUT', policyPath(tenantId), body);
}

export const approvalPolicyQueryOptions = (tenantId: string | null) =>
  queryOptions({ queryKey: changeRequestKeys.policy(tenantId), queryFn: () => getApprovalPolicy(tenantId) });

export function useApprovalPolicy(tenantId: string | null) {
  return useQuery(approvalPolicyQueryOptions(tenantId));
}

/**
 * After a policy save: what such a write refreshes (src/web/lib/resource-effects.ts). A tenant's policy
 * is audited on the tenant, the platform's on its own type.
 */
export const invalidateApprovalPolicy = (queryClient: QueryClient, tenantId: string | null): Promise<void> =>
  invalidateWritten(queryClient, tenantId === null ? 'platform' : 'tenant', {
    action: 'approval_policy.update',
    tenantId,
  });

export function useSaveApprovalPolicy(tenantId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApprovalPolicyBody) => putApprovalPolicy(tenantId, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(changeRequestKeys.policy(tenantId), saved);
      return invalidateApprovalPolicy(queryClient, tenantId);
    },
  });
}
