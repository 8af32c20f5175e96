import { z } from 'zod';

export const capabilitySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  version: z.string().nullable(),
  status: z.string(),
  endpoint: z.string().nullable(),
  category: z.string().nullable(),
  /** JSON text: per-environment blue-green state. */
  blueGreenConfig: z.string().nullable(),
  /** JSON text: a JSON Schema every configuration version must satisfy, or null. */
  configurationSchema: z.string().nullable(),
  /** Whether this capability carries notification templates. */
  supportsNotificationTemplates: z.boolean(),
});
export type Capability = z.infer<typeof capabilitySchema>;

export const capabilityStatuses = ['available', 'provisioning', 'deprecated'] as const;
