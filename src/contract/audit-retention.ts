import { z } from 'zod';
import { AUDIT_RETENTION_MAX_DAYS } from './audit-retention-paths';
import { revisionSchema, timestampSchema } from './common';

/*
 * Audit retention and exports (docs/audit-retention.md): how long the trail keeps its events, and the
 * exports written before anything is purged (or on demand).
 */

export {
  AUDIT_EXPORTS_PATH,
  AUDIT_RETENTION_MAX_DAYS,
  AUDIT_RETENTION_PATH,
  auditExportFileName,
} from './audit-retention-paths';

/** Days an event is kept, or null: forever (the default). */
export const retentionDaysSchema = z
  .number({ error: 'Must be a whole number of days, or null for forever' })
  .int({ error: 'Must be a whole number of days' })
  .min(1, { error: 'Must be at least 1 day' })
  .max(AUDIT_RETENTION_MAX_DAYS, { error: `Must be at most ${AUDIT_RETENTION_MAX_DAYS} days` })
  .nullable();

export const auditRetentionSchema = z.object({
  days: retentionDaysSchema,
  /** null until first saved. */
  updatedAt: timestampSchema.nullable(),
  updatedBy: z.string().nullable(),
  /** 0 until first saved. */
  revision: revisionSchema,
});
export type AuditRetention = z.infer<typeof auditRetentionSchema>;

/** PUT /api/audit-retention (If-Match: the revision read). */
export const auditRetentionInputSchema = z.object({ days: retentionDaysSchema });
export type AuditRetentionInput = z.infer<typeof auditRetentionInputSchema>;

export const auditExportReasonSchema = z.enum(['retention', 'manual']);

/** An export as listed: everything but its content, which is downloaded on its own. */
export const auditExportSchema = z.object({
  id: z.string(),
  /** `retention`: the events were purged after it was written; `manual`: Export now, nothing purged. */
  reason: auditExportReasonSchema,
  fromSeq: z.number().int().nullable(),
  toSeq: z.number().int().nullable(),
  fromTime: timestampSchema.nullable(),
  toTime: timestampSchema.nullable(),
  eventCount: z.number().int(),
  /** Size of the .jsonl.gz. */
  bytes: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: timestampSchema,
});
export type AuditExport = z.infer<typeof auditExportSchema>;

export const auditExportListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AuditExportListQuery = z.infer<typeof auditExportListQuerySchema>;

const dateTime = z.iso.datetime({ offset: true, message: 'Must be an ISO date-time' });

/** POST /api/audit-exports: export the events of [from, to) now, purging nothing. */
export const auditExportInputSchema = z
  .object({ from: dateTime, to: dateTime })
  .refine((range) => Date.parse(range.from) < Date.parse(range.to), {
    path: ['to'],
    message: 'Must be after from',
  });
export type AuditExportInput = z.infer<typeof auditExportInputSchema>;
