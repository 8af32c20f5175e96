/*
 * What the changes list shows and filters by (docs/changes.md) without zod, so the list does not
 * download the schema library (issue 27): statuses and kinds with their labels, sort fields, states and
 * views. changes.ts and change-kinds.ts build their schemas from these and re-export them.
 */

export const changeRequestStatuses = [
  'pending',
  'scheduled',
  'applied',
  'rejected',
  'cancelled',
  'failed',
] as const;
export type ChangeRequestStatus = (typeof changeRequestStatuses)[number];
export const CHANGE_STATUS_LABELS: Record<ChangeRequestStatus, string> = {
  pending: 'Awaiting approval',
  scheduled: 'Scheduled',
  applied: 'Applied',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

/** Each change kind's name in the console; change-kinds.ts checks it names exactly the schema's kinds. */
export const changeKindLabels = {
  'gateway_route.create': 'New gateway route',
  'gateway_route.edit': 'Edit gateway route',
  'gateway_route.activate': 'Activate gateway route version',
  'gateway_route.disable': 'Disable gateway route',
  'gateway_route.delete': 'Delete gateway route',
  'gateway_route.promote': 'Promote gateway route',
  'opa_policy.create': 'New OPA policy',
  'opa_policy.edit': 'Edit OPA policy',
  'opa_policy.activate': 'Activate OPA policy version',
  'opa_policy.disable': 'Disable OPA policy',
  'opa_policy.delete': 'Delete OPA policy',
  'opa_policy.promote': 'Promote OPA policy',
  'configuration.create': 'New configuration version',
  'configuration.activate': 'Activate configuration version',
  'configuration.promote': 'Promote configuration',
  'tenant_blue_green.switch': 'Blue-green switch',
  'tenant_blue_green.rollback': 'Blue-green rollback',
  'tenant_blue_green.slot_version': 'Live slot version',
  'capability_blue_green.switch': 'Capability blue-green switch',
  'capability_blue_green.rollback': 'Capability blue-green rollback',
  'capability_blue_green.slot_version': 'Capability live slot version',
  'microfrontend_deployment.switch': 'Microfrontend slot switch',
  'capability_deployment.switch': 'Capability slot switch',
  'microfrontend_deployment.deploy': 'First microfrontend deployment',
  'capability_deployment.deploy': 'First capability deployment',
  'deployment_rollout.action': 'Rollout action',
  'tenant_settings.gateway': 'API gateway and policy server settings',
  'web_app.update': 'Production web app',
  'web_app.create': 'New web app',
  'web_app.delete': 'Delete web app',
  'tenant.update': 'Tenant settings',
  'capability_subscription.create': 'New capability subscription',
  'capability_subscription.delete': 'Remove capability subscription',
  'mesh.create': 'New web app mesh',
  'mesh.update': 'Edit web app mesh',
  'mesh.delete': 'Delete web app mesh',
  'health_check.set': 'Slot health check',
  'capability.create': 'New capability',
  'capability.update': 'Edit capability',
  'notification_template.create': 'New notification template',
  'notification_template.update': 'Edit notification template',
  'microfrontend.create': 'New microfrontend',
  'microfrontend.update': 'Edit microfrontend',
  'microfrontend_version.create': 'New microfrontend version',
  'microfrontend_version.status': 'Publish or deprecate microfrontend version',
  'approval_policy.set': 'Approval policy',
} as const satisfies Record<string, string>;

export type LabelledChangeKind = keyof typeof changeKindLabels;
/** The kinds in the schema's order (change-labels.test.ts), for a filter's options. */
// Object.keys types its keys as strings; they are exactly the label table's.
export const labelledChangeKinds = Object.keys(changeKindLabels) as LabelledChangeKind[];

export const changeRequestSortFields = ['number', 'createdAt', 'updatedAt', 'scheduledAt', 'status'] as const;
/** open: awaiting approval; scheduled; closed: applied, rejected, cancelled or failed. */
export const changeRequestStates = ['open', 'scheduled', 'closed'] as const;
export const changeRequestViews = ['all', 'waiting', 'mine'] as const;
