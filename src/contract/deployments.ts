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

/** A slot is live when it is active and takes all traffic (SPEC.md section 4). */
export const LIVE_TRAFFIC_PERCENTAGE = 100;
