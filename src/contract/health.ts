import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok') });
export const readySchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
  /** PostgreSQL only: the circuit breaker's state (closed, or half-open while it checks the way back). */
  breaker: z.enum(['closed', 'open', 'half-open']).optional(),
});
