// Requesting a change (src/web/changes/request): the dialogs of other features use these.
export {
  approvalPolicyQueryOptions,
  approvalsNeeded,
  asDirectError,
  CHANGE_REQUESTS_KEY,
  isApprovalRequired,
  needsApproval,
  useApprovalPolicy,
  useRequestChange,
} from '@/changes/request/api';
export { approvalNote, RequestChangeFields } from '@/changes/request/request-change-fields';
export { ChangeRequestFormScope, useChangeRequestForm } from '@/changes/request/use-change-request-form';
// End of the request exports.
