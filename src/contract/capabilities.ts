import { z } from 'zod';
import { revisionSchema } from './common';
import { fieldIssueSchema } from './errors';
import { capabilityStatuses } from './vocabulary';

export { capabilityStatuses } from './vocabulary';
export const capabilityStatusSchema = z.enum(capabilityStatuses);
export type CapabilityStatus = z.infer<typeof capabilityStatusSchema>;

export const capabilitySchema = z.object({
  id: z.string(),
  revision: revisionSchema,
  name: z.string(),
  description: z.string().nullable(),
  version: z.string().nullable(),
  status: capabilityStatusSchema,
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

/** Register / edit a capability. configurationSchema is JSON text the server checks is a JSON Schema. */
export const capabilityInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  description: z.string().trim().max(2000).nullable().optional(),
  version: z.string().trim().max(50).nullable().optional(),
  status: capabilityStatusSchema.optional(),
  endpoint: z.string().trim().max(500).nullable().optional(),
  category: z.string().trim().max(100).nullable().optional(),
  configurationSchema: z.string().max(100_000).nullable().optional(),
  supportsNotificationTemplates: z.boolean().optional(),
});
export type CapabilityInput = z.infer<typeof capabilityInputSchema>;
export const capabilityPatchSchema = capabilityInputSchema.partial();
export type CapabilityPatch = z.infer<typeof capabilityPatchSchema>;

/** Check a configuration against the capability's JSON Schema without saving it (the editor's as-you-type check). */
export const configurationCheckBodySchema = z.object({ configuration: z.string().max(100_000) });
export type ConfigurationCheckBody = z.infer<typeof configurationCheckBodySchema>;

/** The problems found, in plain words; paths are "configuration" or "configuration.<field>...". Empty: valid. */
export const configurationCheckSchema = z.object({ issues: z.array(fieldIssueSchema) });
export type ConfigurationCheck = z.infer<typeof configurationCheckSchema>;
