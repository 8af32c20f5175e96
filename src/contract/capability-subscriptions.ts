import { z } from 'zod';
import {
  controlPlaneRegionSchema,
  environmentSchema,
  idParamSchema,
  timestampSchema,
  type Environment,
} from './common';

/** A configuration version is active or not (exactly one per context is; isActive says the same). */
export const configurationVersionStatuses = ['active', 'inactive'] as const;
export const configurationVersionStatusSchema = z.enum(configurationVersionStatuses);
export type ConfigurationVersionStatus = z.infer<typeof configurationVersionStatusSchema>;

/** One configuration version of a subscription context (tenant, capability, environment, region). */
export const configurationVersionSchema = z.object({
  id: z.string(),
  subscriptionId: z.string(),
  tenantId: z.string(),
  capabilityId: z.string(),
  environment: environmentSchema,
  region: z.string(),
  version: z.number().int(),
  configuration: z.string(),
  status: configurationVersionStatusSchema,
  isActive: z.boolean(),
  notes: z.string().nullable(),
  createdAt: timestampSchema,
  createdBy: z.string().nullable(),
  /** Where a promoted version came from (docs/promotion.md); null or absent when created directly. */
  promotedFrom: z
    .object({
      versionId: z.string(),
      environment: environmentSchema,
      region: z.string(),
      version: z.number().int(),
    })
    .nullable()
    .optional(),
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

/**
 * POST /api/capability-subscriptions/versions. subscriptionId must be sub-{tenantId}-{capabilityId};
 * configuration is JSON text (empty means {}); createdBy is taken from the session, whatever is sent.
 */
export const createVersionBodySchema = z.object({
  subscriptionId: z.string().min(1).max(500),
  tenantId: idParamSchema,
  capabilityId: idParamSchema,
  environment: environmentSchema,
  region: controlPlaneRegionSchema,
  configuration: z.string().max(100_000).optional(),
  notes: z.string().trim().max(2000).nullable().optional(),
  createdBy: z.string().optional(),
});
export type CreateVersionBody = z.infer<typeof createVersionBodySchema>;

/**
 * A tenant's subscription to a shared capability (change kind capability_subscription.create): the
 * environment and region it is made in. Configuration versions then follow per environment and region.
 */
export const subscriptionBodySchema = createVersionBodySchema.pick({
  tenantId: true,
  capabilityId: true,
  environment: true,
  region: true,
});
export type SubscriptionBody = z.infer<typeof subscriptionBodySchema>;

/** A tenant's subscription, as a plan names it: by tenant and capability. */
export const subscriptionKeySchema = subscriptionBodySchema.pick({ tenantId: true, capabilityId: true });
export type SubscriptionKey = z.infer<typeof subscriptionKeySchema>;

export const subscriptionIdFor = (tenantId: string, capabilityId: string) =>
  `sub-${tenantId}-${capabilityId}`;

/** The environment a configuration is promoted to from `environment`; none after production. */
export const NEXT_ENVIRONMENT: Record<Environment, Environment | null> = {
  development: 'uat',
  uat: 'production',
  production: null,
};

/**
 * POST /api/capability-subscriptions/versions/:versionId/promote: the same configuration as the next
 * active version of the target environment in each target region, all or nothing.
 */
export const promoteVersionBodySchema = z.object({
  targetEnvironment: environmentSchema,
  targetRegions: z.array(controlPlaneRegionSchema).min(1).max(20),
  notes: z.string().trim().max(2000).nullable().optional(),
});
export type PromoteVersionBody = z.infer<typeof promoteVersionBodySchema>;
