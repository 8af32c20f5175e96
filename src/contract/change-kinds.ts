import { z } from 'zod';
import { changeKindLabels } from './change-labels';
import { approvalPolicyBodySchema } from './approval-policies';
import { capabilityInputSchema, capabilityPatchSchema } from './capabilities';
import { rollbackBodySchema, slotVersionBodySchema, switchSlotBodySchema } from './blue-green';
import {
  createVersionBodySchema,
  promoteVersionBodySchema,
  subscriptionBodySchema,
  subscriptionKeySchema,
} from './capability-subscriptions';
import { environmentSchema, idParamSchema } from './common';
import {
  deployCapabilityBodySchema,
  deployMicrofrontendBodySchema,
  healthCheckSettingsBodySchema,
  switchCapabilityBodySchema,
  switchMicrofrontendBodySchema,
} from './deployments';
import {
  createPolicyBodySchema,
  createRouteBodySchema,
  policyFieldsSchema,
  routeFieldsSchema,
} from './gateway';
import {
  microfrontendInputSchema,
  microfrontendPatchSchema,
  microfrontendVersionInputSchema,
} from './microfrontends';
import { templateInputSchema, templatePatchSchema } from './notification-templates';
import { rolloutActionBodySchema } from './rollouts';
import { tenantFieldsPatchSchema, tenantGatewaySettingsSchema } from './tenants';
import { createMeshBodySchema, meshPatchSchema } from './web-app-meshes';
import { webAppInputSchema, webAppPatchSchema } from './web-apps';

/*
 * The kinds of change a request can carry (docs/changes.md): each is the body its direct endpoint takes,
 * tagged with its kind, with the label the console shows. Adding a kind starts here.
 */

/** The change kind prefix of each gateway lineage kind (`${prefix}.create`, ...). */
export type LineagePrefix = 'gateway_route' | 'opa_policy';

/**
 * The six writes of a gateway lineage (routes or policies), each with what its endpoint takes: the
 * tenant and lineage or version from the path, and the body.
 */
function gatewayChanges<const P extends LineagePrefix, C extends z.ZodType, F extends z.ZodType>(
  prefix: P,
  createBody: C,
  fields: F,
) {
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

/**
 * A new microfrontend version as a plan files it: the direct endpoint's body, its microfrontend named by
 * id or, when the same release registers it, by slug.
 */
const microfrontendVersionChangeSchema = microfrontendVersionInputSchema.extend({
  microfrontendId: microfrontendVersionInputSchema.shape.microfrontendId.optional(),
  microfrontendSlug: z.string().trim().min(1).max(100).optional(),
});

/**
 * A new notification template as a plan files it: the direct endpoint's body, its capability named by id
 * or, when the same release registers it (the server picks its id), by its name.
 */
const templateChangeSchema = templateInputSchema.extend({
  capabilityId: templateInputSchema.shape.capabilityId.optional(),
  capabilityName: z.string().trim().min(1).max(200).optional(),
});

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
  z.object({ kind: z.literal('web_app.create'), body: webAppInputSchema }),
  z.object({ kind: z.literal('web_app.delete'), webAppId: idParamSchema }),
  z.object({ kind: z.literal('tenant.update'), tenantId: idParamSchema, body: tenantFieldsPatchSchema }),
  z.object({ kind: z.literal('capability_subscription.create'), body: subscriptionBodySchema }),
  z.object({ kind: z.literal('capability_subscription.delete'), ...subscriptionKeySchema.shape }),
  z.object({ kind: z.literal('mesh.create'), body: createMeshBodySchema }),
  z.object({ kind: z.literal('mesh.update'), meshId: idParamSchema, body: meshPatchSchema }),
  z.object({ kind: z.literal('mesh.delete'), meshId: idParamSchema }),
  z.object({ kind: z.literal('health_check.set'), body: healthCheckSettingsBodySchema }),
  z.object({ kind: z.literal('capability.create'), body: capabilityInputSchema }),
  z.object({
    kind: z.literal('capability.update'),
    capabilityId: idParamSchema,
    body: capabilityPatchSchema,
  }),
  z.object({ kind: z.literal('notification_template.create'), body: templateChangeSchema }),
  z.object({
    kind: z.literal('notification_template.update'),
    templateId: idParamSchema,
    body: templatePatchSchema,
  }),
  z.object({ kind: z.literal('microfrontend.create'), body: microfrontendInputSchema }),
  z.object({
    kind: z.literal('microfrontend.update'),
    microfrontendId: idParamSchema,
    body: microfrontendPatchSchema,
  }),
  z.object({ kind: z.literal('microfrontend_version.create'), body: microfrontendVersionChangeSchema }),
  z.object({
    kind: z.literal('microfrontend_version.status'),
    /** The version by natural key: its microfrontend's slug and its version string. */
    microfrontendSlug: z.string().trim().min(1).max(100),
    version: z.string().trim().min(1).max(100),
    status: z.enum(['published', 'deprecated']),
  }),
  z.object({
    kind: z.literal('approval_policy.set'),
    /** The tenant whose policy it is; null for the platform's. */
    tenantId: idParamSchema.nullable(),
    body: approvalPolicyBodySchema,
  }),
]);
export type Change = z.infer<typeof changeSchema>;
export type ChangeKind = Change['kind'];
// Each option of the union is one kind, and the union is not empty: the tuple z.enum takes.
export const changeKinds = changeSchema.options.map((option) => option.shape.kind.value) as [
  ChangeKind,
  ...ChangeKind[],
];

/**
 * Each kind's name in the console: exactly the schema's kinds (a kind missing or extra fails to
 * compile), kept in change-labels.ts so the changes list shows them without the schemas.
 */
export const CHANGE_KIND_LABELS: Record<ChangeKind, string> &
  Record<Exclude<keyof typeof changeKindLabels, ChangeKind>, never> = changeKindLabels;
