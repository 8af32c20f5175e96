import { z } from 'zod';
import { environmentSchema, httpUrl, slotSchema, timestampSchema } from './common';
import { slotOwnerKindSchema, switchGateFieldsSchema } from './rollouts';

/** A deployment slot is live (active) or standing by (inactive) (docs/product.md, States and transitions). */
export const deploymentStatuses = ['active', 'inactive'] as const;
export const deploymentStatusSchema = z.enum(deploymentStatuses);
export type DeploymentStatus = z.infer<typeof deploymentStatusSchema>;

const slotFields = {
  id: z.string(),
  environment: environmentSchema,
  slot: slotSchema,
  status: deploymentStatusSchema,
  deployedUrl: z.string().nullable(),
  trafficPercentage: z.number().int(),
  /** Open: `unknown`, `healthy`, `unhealthy` or whatever a health check reports (docs/product.md, Entities). */
  healthStatus: z.string(),
  healthCheckUrl: z.string().nullable(),
  /** Why the last probe failed; null when it passed or none ran. */
  healthReason: z.string().nullable(),
  /** This slot's probe interval; null follows HEALTH_CHECK_INTERVAL. */
  healthCheckIntervalSeconds: z.number().int().nullable(),
  lastHealthCheck: timestampSchema.nullable(),
  deployedAt: timestampSchema.nullable(),
  deployedBy: z.string().nullable(),
  activatedAt: timestampSchema.nullable(),
  activatedBy: z.string().nullable(),
};

export const microfrontendDeploymentSchema = z.object({
  ...slotFields,
  microfrontendId: z.string(),
  versionId: z.string(),
});
export type MicrofrontendDeployment = z.infer<typeof microfrontendDeploymentSchema>;

export const capabilityDeploymentSchema = z.object({
  ...slotFields,
  capabilityId: z.string(),
  version: z.string(),
  endpoint: z.string().nullable(),
});
export type CapabilityDeployment = z.infer<typeof capabilityDeploymentSchema>;

export { LIVE_TRAFFIC_PERCENTAGE } from './vocabulary';

/** POST /api/deployments/switch (docs/product.md, API calls); activatedBy is taken from the session. */
export const switchMicrofrontendBodySchema = z.object({
  microfrontendId: z.string().min(1).max(200),
  environment: environmentSchema,
  fromSlot: slotSchema.optional(),
  toSlot: slotSchema.optional(),
  activatedBy: z.string().optional(),
  ...switchGateFieldsSchema,
});
export const switchCapabilityBodySchema = switchMicrofrontendBodySchema
  .omit({ microfrontendId: true })
  .extend({ capabilityId: z.string().min(1).max(200) });

/**
 * A slot's health check: an http(s) URL the prober GETs, and an optional interval of its own. No control
 * character or white space inside: the URL parser drops tabs and line breaks, so the URL saved would not
 * be the one probed.
 */
export const healthCheckUrlSchema = httpUrl.refine(
  (value) => !/[\s\p{Cc}]/u.test(value),
  'Must not contain white space or control characters',
);
export const healthCheckIntervalSchema = z.number().int().min(5).max(3600);
const healthCheckFields = {
  healthCheckUrl: healthCheckUrlSchema.nullable().optional(),
  healthCheckIntervalSeconds: healthCheckIntervalSchema.nullable().optional(),
};

/** Deploy a published version into the idle slot (the first deployment of an environment goes live). */
export const deployMicrofrontendBodySchema = z.object({
  microfrontendId: z.string().min(1).max(200),
  environment: environmentSchema,
  versionId: z.string().min(1).max(200),
  ...healthCheckFields,
});
export const deployCapabilityBodySchema = z.object({
  capabilityId: z.string().min(1).max(200),
  environment: environmentSchema,
  version: z.string().trim().min(1, 'Version is required').max(100),
  endpoint: z.string().trim().max(2000).nullable().optional(),
  ...healthCheckFields,
});

/** PUT /api/deployment-health-checks: set or clear one slot's health check (it serves nothing: no approval). */
export const healthCheckSettingsBodySchema = z.object({
  resourceType: slotOwnerKindSchema,
  resourceId: z.string().min(1).max(200),
  environment: environmentSchema,
  slot: slotSchema,
  healthCheckUrl: healthCheckUrlSchema.nullable(),
  healthCheckIntervalSeconds: healthCheckIntervalSchema.nullable().optional(),
});
export type HealthCheckSettingsBody = z.infer<typeof healthCheckSettingsBodySchema>;
