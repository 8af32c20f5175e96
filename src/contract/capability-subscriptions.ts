import { z } from 'zod';
import { controlPlaneRegionSchema, environmentSchema, idParamSchema, timestampSchema } from './common';

/** One configuration version of a subscription context (tenant, capability, environment, region). */
export const configurationVersionSchema = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  tenantId: z.string(),
  capabilityId: z.string(),
  environment: z.string(),
  region: z.string(),
  version: z.number().int(),
  configuration: z.string(),
  status: z.string(),
  isActive: z.boolean(),
  notes: z.string().nullable(),
  createdAt: timestampSchema,
  createdBy: z.string().nullable(),
});
export type ConfigurationVersion = z.infer<typeof configurationVersionSchema>;

export const versionContextParamsSchema = z.object({
  tenantId: idParamSchema,
  capabilityId: idParamSchema,
  environment: environmentSchema,
  region: controlPlaneRegionSchema,
});
export type VersionContextParams = z.infer<typeof versionContextParamsSchema>;

/** The list form: all active versions of one tenant in one (environment, region). */
export const tenantContextParamsSchema = versionContextParamsSchema.omit({ capabilityId: true });
