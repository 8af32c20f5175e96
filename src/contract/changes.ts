import { z } from 'zod';
import { rollbackBodySchema, slotVersionBodySchema, switchSlotBodySchema } from './blue-green';
import { createVersionBodySchema, promoteVersionBodySchema } from './capability-subscriptions';
import {
  environmentSchema,
  environments,
  idParamSchema,
  revisionSchema,
  timestampSchema,
  type Environment,
} from './common';
import {
  deployCapabilityBodySchema,
  deployMicrofrontendBodySchema,
  switchCapabilityBodySchema,
  switchMicrofrontendBodySchema,
} from './deployments';
import {
  createPolicyBodySchema,
  createRouteBodySchema,
  policyFieldsSchema,
  routeFieldsSchema,
} from './gateway';
import { listQuerySchemaFor } from './lists';
import { tenantGatewaySettingsSchema } from './tenants';
import { instantOfLocalTime, isTimeZone, LOCAL_TIME_PATTERN } from './time-zone';
import { webAppPatchSchema } from './web-apps';

/*
 * Change requests (docs/changes.md). A change to an environment whose approval policy asks for
 * approvals is not applied by its endpoint: it becomes a request that other people approve, and applies
 * when the last approval arrives or at its scheduled time.
 */

/** The most approvals a policy may ask for. */
export const MAX_REQUIRED_APPROVALS = 5;
/** The default policy: production needs one approval, the other environments none. */
export const DEFAULT_REQUIRED_APPROVALS = { development: 0, uat: 0, production: 1 } as const;

const requiredApprovalsSchema = z
  .number()
  .int('Must be a whole number')
  .min(0, 'Must be 0 or more')
  .max(MAX_REQUIRED_APPROVALS, `Must be at most ${MAX_REQUIRED_APPROVALS}`);

/** GET/PUT /api/tenants/:tenantId/approval-policy and /api/approval-policy (the platform's). */
export const approvalPolicySchema = z.object({
  tenantId: z.string().nullable(),
  requiredApprovals: z.object({
    development: requiredApprovalsSchema,
    uat: requiredApprovalsSchema,
    production: requiredApprovalsSchema,
  }),
  updatedAt: timestampSchema.nullable(),
  updatedBy: z.string().nullable(),
});
export type ApprovalPolicy = z.infer<typeof approvalPolicySchema>;
export const approvalPolicyBodySchema = approvalPolicySchema.pick({ requiredApprovals: true });
export type ApprovalPolicyBody = z.infer<typeof approvalPolicyBodySchema>;
type RequiredApprovals = ApprovalPolicy['requiredApprovals'];

/**
 * The environments whose requirement `next` lowers, most sensitive first. Lowering a policy is itself
 * a change that another global administrator approves (kind approval_policy.set); raising applies at once.
 */
export function loweredEnvironments(current: RequiredApprovals, next: RequiredApprovals): Environment[] {
  return [...environments].reverse().filter((environment) => next[environment] < current[environment]);
}

/**
 * The six writes of a gateway lineage (routes or policies), each with what its endpoint takes: the
 * tenant and lineage or version from the path, and the body.
 */
function gatewayChanges<
  const P extends 'gateway_route' | 'opa_policy',
  C extends z.ZodType,
  F extends z.ZodType,
>(prefix: P, createBody: C, fields: F) {
  const lineage = { tenantId: idParamSchema, lineageId: idParamSchema };
  return [
    z.object({ kind: z.literal(`${prefix}.create` as const), tenantId: idParamSchema, body: createBody }),
    z.object({ kind: z.literal(`${prefix}.edit` as const), ...lineage, body: fields }),
    z.object({
      kind: z.literal(`${prefix}.activate` as const),
      tenantId: idParamSchema,
      versionId: idParamSchema,
    }),
    z.object({ kind: z.literal(`${prefix}.disable` as const), ...lineage }),
    z.object({ kind: z.literal(`${prefix}.delete` as const), ...lineage }),
    z.object({
      kind: z.literal(`${prefix}.promote` as const),
      ...lineage,
      targetEnvironment: environmentSchema,
    }),
  ] as const;
}

/** What a request changes: the body its direct endpoint would have taken. */
export const changeSchema = z.discriminatedUnion('kind', [
  ...gatewayChanges('gateway_route', createRouteBodySchema, routeFieldsSchema),
  ...gatewayChanges('opa_policy', createPolicyBodySchema, policyFieldsSchema),
  z.object({ kind: z.literal('configuration.create'), body: createVersionBodySchema }),
  z.object({ kind: z.literal('configuration.activate'), versionId: idParamSchema }),
  z.object({
    kind: z.literal('configuration.promote'),
    versionId: idParamSchema,
    body: promoteVersionBodySchema,
  }),
  z.object({
    kind: z.literal('tenant_blue_green.switch'),
    tenantId: idParamSchema,
    body: switchSlotBodySchema,
  }),
  z.object({
    kind: z.literal('tenant_blue_green.rollback'),
    tenantId: idParamSchema,
    body: rollbackBodySchema,
  }),
  z.object({
    kind: z.literal('tenant_blue_green.slot_version'),
    tenantId: idParamSchema,
    body: slotVersionBodySchema,
  }),
  z.object({
    kind: z.literal('capability_blue_green.switch'),
    capabilityId: idParamSchema,
    body: switchSlotBodySchema,
  }),
  z.object({
    kind: z.literal('capability_blue_green.rollback'),
    capabilityId: idParamSchema,
    body: rollbackBodySchema,
  }),
  z.object({
    kind: z.literal('capability_blue_green.slot_version'),
    capabilityId: idParamSchema,
    body: slotVersionBodySchema,
  }),
  z.object({ kind: z.literal('microfrontend_deployment.switch'), body: switchMicrofrontendBodySchema }),
  z.object({ kind: z.literal('capability_deployment.switch'), body: switchCapabilityBodySchema }),
  z.object({ kind: z.literal('microfrontend_deployment.deploy'), body: deployMicrofrontendBodySchema }),
  z.object({ kind: z.literal('capability_deployment.deploy'), body: deployCapabilityBodySchema }),
  z.object({
    kind: z.literal('tenant_settings.gateway'),
    tenantId: idParamSchema,
    body: tenantGatewaySettingsSchema,
  }),
  z.object({ kind: z.literal('web_app.update'), webAppId: idParamSchema, body: webAppPatchSchema }),
  z.object({
    kind: z.literal('approval_policy.set'),
    /** The tenant whose policy it is; null for the platform's. */
    tenantId: idParamSchema.nullable(),
    body: approvalPolicyBodySchema,
  }),
]);
export type Change = z.infer<typeof changeSchema>;
export type ChangeKind = Change['kind'];
export const changeKinds = changeSchema.options.map((option) => option.shape.kind.value) as [
  ChangeKind,
  ...ChangeKind[],
];

export const CHANGE_KIND_LABELS: Record<ChangeKind, string> = {
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
  'tenant_settings.gateway': 'API gateway and policy server settings',
  'web_app.update': 'Production web app',
  'approval_policy.set': 'Approval policy',
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
};

/** When a scheduled request applies: a local time and the IANA zone it is in. */
export const scheduleSchema = z
  .object({
    localTime: z.string().regex(LOCAL_TIME_PATTERN, 'Must be a date and time, YYYY-MM-DDTHH:mm'),
    timeZone: z.string().refine(isTimeZone, 'Must be an IANA time zone, such as Europe/Berlin'),
  })
  .refine((value) => instantOfLocalTime(value.localTime, value.timeZone) !== undefined, {
    message: 'Must be a real date and time',
    path: ['localTime'],
  });
export type Schedule = z.infer<typeof scheduleSchema>;

/**
 * How much later an approved time may move and keep its approvals. Earlier, or later by more, starts a
 * new round of approvals: the reviewers approved the change at that time (docs/changes.md).
 */
export const RESCHEDULE_TOLERANCE_HOURS = 24;

const commentText = z.string().trim().max(4000, 'Must be at most 4000 characters');

/** POST /api/change-requests. */
export const createChangeRequestBodySchema = z.object({
  change: changeSchema,
  /** Defaults to a description of the change. */
  title: z.string().trim().min(1, 'Title is required').max(200).optional(),
  description: commentText.nullable().optional(),
  /** Apply at this time once approved; without it, the last approval applies it. */
  schedule: scheduleSchema.nullable().optional(),
  /** Global administrators only: apply now without approvals; the reason is audited. */
  bypassReason: z.string().trim().min(1, 'A reason is required').max(1000).optional(),
});
export type CreateChangeRequestBody = z.infer<typeof createChangeRequestBodySchema>;

export const reviewBodySchema = z.object({ comment: commentText.optional() });
export const rejectBodySchema = z.object({ comment: commentText.min(1, 'Say why you reject it') });
export const commentBodySchema = z.object({ body: commentText.min(1, 'Comment is required') });
export const scheduleBodySchema = z.object({ schedule: scheduleSchema });

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

export const changeRequestSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
  environment: environmentSchema,
  kind: z.enum(changeKinds),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(changeRequestStatuses),
  requiredApprovals: z.number().int(),
  /** Approvals of the current round (a refresh starts a new one). */
  approvals: z.number().int(),
  requestedBy: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  scheduledAt: timestampSchema.nullable(),
  scheduleTimeZone: z.string().nullable(),
  appliedAt: timestampSchema.nullable(),
  appliedBy: z.string().nullable(),
  outcome: z.string().nullable(),
  bypassReason: z.string().nullable(),
  revision: revisionSchema,
});
export type ChangeRequest = z.infer<typeof changeRequestSchema>;

export const diffEntrySchema = z.object({ label: z.string(), before: z.unknown(), after: z.unknown() });
export type DiffEntry = z.infer<typeof diffEntrySchema>;

export const changeEventKinds = [
  'request',
  'comment',
  'approve',
  'reject',
  'refresh',
  'schedule',
  'cancel',
  'apply',
  'fail',
  'bypass',
  /** The schedule moved outside what was approved: approvals start again. */
  'reopen',
] as const;
export const changeEventSchema = z.object({
  id: z.string(),
  kind: z.enum(changeEventKinds),
  round: z.number().int(),
  author: z.string(),
  body: z.string().nullable(),
  createdAt: timestampSchema,
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

/** What the signed-in user may do with a request: the server's rules, so the page shows only those. */
export const changeRequestAbilitiesSchema = z.object({
  approve: z.boolean(),
  reject: z.boolean(),
  cancel: z.boolean(),
  refresh: z.boolean(),
  schedule: z.boolean(),
  comment: z.boolean(),
  /** Why approve is false, in plain words, when the user could otherwise review. */
  approveBlockedBy: z.string().nullable(),
});

export const changeRequestDetailSchema = changeRequestSchema.extend({
  change: changeSchema,
  diff: z.array(diffEntrySchema),
  /** The live state differs from the one the diff was made on: it must be refreshed. */
  stale: z.boolean(),
  events: z.array(changeEventSchema),
  can: changeRequestAbilitiesSchema,
});
export type ChangeRequestDetail = z.infer<typeof changeRequestDetailSchema>;

export const changeRequestSortFields = ['number', 'createdAt', 'updatedAt', 'scheduledAt', 'status'] as const;
/** open: awaiting approval; scheduled; closed: applied, rejected, cancelled or failed. */
export const changeRequestStates = ['open', 'scheduled', 'closed'] as const;
export const changeRequestViews = ['all', 'waiting', 'mine'] as const;

export const changeRequestQuerySchema = listQuerySchemaFor(changeRequestSortFields).extend({
  state: z.enum(changeRequestStates).optional(),
  status: z.enum(changeRequestStatuses).optional(),
  /** waiting: requests the user may approve now; mine: requests the user made. */
  view: z.enum(changeRequestViews).optional(),
  tenantId: idParamSchema.optional(),
  environment: z.enum(environments).optional(),
  kind: z.enum(changeKinds).optional(),
});
export type ChangeRequestQuery = z.infer<typeof changeRequestQuerySchema>;

/** GET /api/change-requests/summary: the sidebar badge. */
export const changeSummarySchema = z.object({ waitingForMe: z.number().int() });
export type ChangeSummary = z.infer<typeof changeSummarySchema>;
