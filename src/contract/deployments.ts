import { z } from 'zod';
import { environmentSchema, slotSchema, timestampSchema } from './common';

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

/** A slot is live when it is active and takes all traffic (docs/product.md, States and transitions). */
export const LIVE_TRAFFIC_PERCENTAGE = 100;

/** POST /api/deployments/switch (docs/product.md, API calls); activatedBy is taken from the session. */
export const switchMicrofrontendBodySchema = z.object({
  microfrontendId: z.string().min(1).max(200),
  environment: environmentSchema,
  fromSlot: slotSchema.optional(),
  toSlot: slotSchema.optional(),
  activatedBy: z.string().optional(),
});
export const switchCapabilityBodySchema = switchMicrofrontendBodySchema
  .omit({ microfrontendId: true })
  .extend({ capabilityId: z.string().min(1).max(200) });

/** Deploy a published version into the idle slot (the first deployment of an environment goes live). */
export const deployMicrofrontendBodySchema = z.object({
  microfrontendId: z.string().min(1).max(200),
  environment: environmentSchema,
  versionId: z.string().min(1).max(200),
});
export const deployCapabilityBodySchema = z.object({
  capabilityId: z.string().min(1).max(200),
  environment: environmentSchema,
  version: z.string().trim().min(1, 'Version is required').max(100),
  endpoint: z.string().trim().max(2000).nullable().optional(),
});
