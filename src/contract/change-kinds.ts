import { z } from 'zod';
import { approvalPolicyBodySchema } from './approval-policies';
import { rollbackBodySchema, slotVersionBodySchema, switchSlotBodySchema } from './blue-green';
import { createVersionBodySchema, promoteVersionBodySchema } from './capability-subscriptions';
import { environmentSchema, idParamSchema } from './common';
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
import { rolloutActionBodySchema } from './rollouts';
import { tenantGatewaySettingsSchema } from './tenants';
import { webAppPatchSchema } from './web-apps';

/*
 * The kinds of change a request can carry (docs/changes.md): each is the body its direct endpoint takes,
 * tagged with its kind, with the label the console shows. Adding a kind starts here.
 */

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
  z.object({ kind: z.literal('deployment_rollout.action'), body: rolloutActionBodySchema }),
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
  'deployment_rollout.action': 'Rollout action',
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
