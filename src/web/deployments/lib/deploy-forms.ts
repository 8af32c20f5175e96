import { deployCapabilityBodySchema } from '@contract/deployments';
import { z } from 'zod';
import type { SlotName, SlotRow } from '@/deployments/lib/slots';
import { isLive } from '@/deployments/lib/slots';

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

/**
 * Which slot a deployment lands in, as the server decides: the one that is not live, staying inactive;
 * without a live slot (the first deployment of an environment), blue, going live at once.
 */
export function targetSlot(rows: SlotRow[]): { slot: SlotName; goesLive: boolean } {
  const live = rows.find(isLive);
  if (!live) return { slot: 'blue', goesLive: true };
  return { slot: live.slot === 'blue' ? 'green' : 'blue', goesLive: false };
}
