import {
  createVersionBodySchema,
  subscriptionIdFor,
  type CreateVersionBody,
} from '@contract/capability-subscriptions';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';

/**
 * The Configure Capability form: environment and region must be chosen (submit stays disabled until
 * they are); the configuration is free text the server checks (docs/product.md, Validation: not
 * validated here).
 */
export const configureFormSchema = z.object({
  environment: z.union([createVersionBodySchema.shape.environment, z.literal('')]),
  region: z.union([createVersionBodySchema.shape.region, z.literal('')]),
  configuration: z.string().max(100_000),
  notes: z.string().trim().max(2000),
});
export type ConfigureFormValues = z.infer<typeof configureFormSchema>;

export type ConfigureInitial = { environment?: string; region?: string; configuration?: string };

export function configureFormDefaults(initial: ConfigureInitial): ConfigureFormValues {
  const parsed = configureFormSchema.pick({ environment: true, region: true }).safeParse({
    environment: initial.environment ?? '',
    region: initial.region ?? '',
  });
  return {
    environment: parsed.success ? parsed.data.environment : '',
    region: parsed.success ? parsed.data.region : '',
    configuration: initial.configuration ?? '{}',
    notes: '',
  };
}

/** The create body; null while environment or region is missing. */
export function toCreateVersionBody(
  tenantId: string,
  capabilityId: string,
  values: ConfigureFormValues,
): CreateVersionBody | null {
  if (values.environment === '' || values.region === '') return null;
  return {
    subscriptionId: subscriptionIdFor(tenantId, capabilityId),
    tenantId,
    capabilityId,
    environment: values.environment,
    region: values.region,
    configuration: values.configuration.trim() === '' ? '{}' : values.configuration,
    notes: values.notes === '' ? null : values.notes,
  };
}

/**
 * A 400's issues about the configuration (paths body.configuration...), to show beside that field.
 * The server words them in full ("Field retries must be an integer"), field names included.
 */
export function configurationIssues(error: unknown): string[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.body?.issues)) return [];
  return error.body.issues
    .filter((issue) => issue.path === 'body.configuration' || issue.path.startsWith('body.configuration.'))
    .map((issue) => issue.message);
}
