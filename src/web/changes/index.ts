// The changes feature's public surface: other features and the app shell import only from here.

// Changes console (list, review page, sidebar badge, approval policies).
export { changeRequestKeys, invalidateChangeRequests } from '@/changes/api/change-request-keys';
export { ApprovalPolicyCard } from '@/changes/components/approval-policy-card';
export { ChangeRequestPage } from '@/changes/components/change-request-page';
export { ChangesNavBadge, ChangesNavLabel } from '@/changes/components/changes-nav-badge';
export { ChangesPage } from '@/changes/components/changes-page';
// End of the changes console's exports.
