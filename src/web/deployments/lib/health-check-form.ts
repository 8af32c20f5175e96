import { healthCheckIntervalSchema, healthCheckUrlSchema } from '@contract/deployments';
import { z } from 'zod';
import type { SlotRow } from '@/deployments/lib/slots';

const WHOLE = /^\d+$/;

/**
 * Edit health check: the URL the prober GETs ('' clears it: no probes) and the slot's own interval ('':
 * the server's default), checked with the contract's schemas.
 */
export const healthCheckFormSchema = z.object({
  healthCheckUrl: z
    .string()
    .trim()
    .transform((value) => value || null)
    .pipe(healthCheckUrlSchema.nullable()),
  healthCheckIntervalSeconds: z
    .string()
    .trim()
    .refine((value) => value === '' || WHOLE.test(value), 'Enter whole seconds')
    .transform((value) => (value === '' ? null : Number(value)))
    .pipe(healthCheckIntervalSchema.nullable()),
});
export type HealthCheckFormInput = z.input<typeof healthCheckFormSchema>;
export type HealthCheckFormValues = z.output<typeof healthCheckFormSchema>;

export const healthCheckFormDefaults = (row: SlotRow): HealthCheckFormInput => ({
  healthCheckUrl: row.healthCheckUrl ?? '',
  healthCheckIntervalSeconds: row.healthCheckIntervalSeconds?.toString() ?? '',
});

/** A 400's body field -> the form's field (both use the contract's names). */
export const healthCheckField = (field: string): keyof HealthCheckFormInput | undefined =>
  field === 'healthCheckUrl' || field === 'healthCheckIntervalSeconds' ? field : undefined;
