import { z } from 'zod';
import { timestampSchema } from './common';

const slotFields = {
  id: z.string(),
  environment: z.string(),
  slot: z.string(),
  status: z.string(),
  deployedUrl: z.string().nullable(),
  trafficPercentage: z.number().int(),
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

const environment = z.enum(['development', 'uat', 'production']);
const slot = z.enum(['blue', 'green']);

/** POST /api/deployments/switch (docs/product.md, API calls); activatedBy is taken from the session. */
export const switchMicrofrontendBodySchema = z.object({
  microfrontendId: z.string().min(1).max(200),
  environment,
  fromSlot: slot.optional(),
  toSlot: slot.optional(),
  activatedBy: z.string().optional(),
});
export const switchCapabilityBodySchema = switchMicrofrontendBodySchema
  .omit({ microfrontendId: true })
  .extend({ capabilityId: z.string().min(1).max(200) });

/** Deploy a published version into the idle slot (the first deployment of an environment goes live). */
export const deployMicrofrontendBodySchema = z.object({
  microfrontendId: z.string().min(1).max(200),
  environment,
  versionId: z.string().min(1).max(200),
});
export const deployCapabilityBodySchema = z.object({
  capabilityId: z.string().min(1).max(200),
  environment,
  version: z.string().trim().min(1, 'Version is required').max(100),
  endpoint: z.string().trim().max(2000).nullable().optional(),
});
