import { rolloutActionBodySchema } from '@contract/rollouts';
import { z } from 'zod';

/** Abort asks why: the contract's reason, required here so the history says it. */
export const abortFormSchema = z.object({
  reason: rolloutActionBodySchema.shape.reason.unwrap().min(1, 'Give the reason for aborting'),
});
export type AbortForm = z.infer<typeof abortFormSchema>;
