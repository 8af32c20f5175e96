// The changes feature's public surface: other features and the app shell import only from here.

// Changes console (list, review page, sidebar badge, approval policies).
export { changeRequestKeys, invalidateChangeRequests } from '@/changes/api/change-request-keys';
export { ApprovalPolicyCard } from '@/changes/components/approval-policy-card';
export { ChangeDiff } from '@/changes/components/change-diff';
export { ChangeRequestPage } from '@/changes/components/change-request-page';
export { ChangesNavBadge, ChangesNavLabel } from '@/changes/components/changes-nav-badge';
export { ChangesPage } from '@/changes/components/changes-page';
export type { TenantPicker } from '@/changes/components/changes-toolbar';
// End of the changes console's exports.

// Requesting a change (src/web/changes/request): the dialogs of other features use these.
export { approvalPolicyQueryOptions, invalidateApprovalPolicy } from '@/changes/api/approval-policy';
export {
  approvalsNeeded,
  asDirectError,
  isApprovalRequired,
  needsApproval,
  useApprovalPolicy,
  useRequestChange,
} from '@/changes/request/api';
export { approvalNote, RequestChangeFields } from '@/changes/request/request-change-fields';
export { ChangeRequestFormScope, useChangeRequestForm } from '@/changes/request/use-change-request-form';
export type { ChangeRequestForm, ChangeRequestScope } from '@/changes/request/change-request-form';
export { RequestChangeDialog } from '@/changes/request/request-change-dialog';
export { requestSubmitProps } from '@/changes/request/request-submit';
export { WithChangeRequestForm, type ChangeApproval } from '@/changes/request/with-change-request-form';
// End of the request exports.
// The first visit's route data (src/web/app/route-queries) starts the list's query before the page loads.
export { changeRequestsQueryOptions, type ChangeRequestListQuery } from '@/changes/api/get-change-requests';
