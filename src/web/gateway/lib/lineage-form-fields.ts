import { z } from 'zod';

// Every lineage (route, policy) belongs to a capability, chosen first in its form with the same wording.

/** The capability field of a lineage form's schema. */
export const capabilityFormField = { capabilityId: z.string().min(1, 'Choose a capability') };

/** Its label, as a conflict names it. */
export const capabilityFormLabel = { capabilityId: 'Capability' } as const;
