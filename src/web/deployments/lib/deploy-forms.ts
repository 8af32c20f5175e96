import { deployCapabilityBodySchema } from '@contract/deployments';
import { z } from 'zod';

/** Deploy a microfrontend: one of its published versions. */
export const deployMicrofrontendFormSchema = z.object({
  versionId: z.string().min(1, 'Version is required'),
});
export type DeployMicrofrontendForm = z.infer<typeof deployMicrofrontendFormSchema>;

/** Deploy a capability: the contract's version, and an endpoint ('' for none). */
export const deployCapabilityFormSchema = deployCapabilityBodySchema.pick({ version: true }).extend({
  endpoint: z.string().trim().max(2000),
});
export type DeployCapabilityFormInput = z.input<typeof deployCapabilityFormSchema>;
export type DeployCapabilityFormValues = z.output<typeof deployCapabilityFormSchema>;
