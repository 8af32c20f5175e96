import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, isoTimestamp, revisionColumn } from './columns';

/** The id of the one retention row: retention is installation-wide. */
export const AUDIT_RETENTION_ROW_ID = 'global';

/**
 * How long the audit trail keeps its events (docs/audit-retention.md): one row (id 'global', held by a
 * check); no row means keep forever. `nextRunAt` is the purge job's lease: a process claims a run by
 * moving it on, so one process runs each pass.
 */
export const auditRetention = pgTable(
  'audit_retention',
  {
    id: text().primaryKey().default(AUDIT_RETENTION_ROW_ID),
    /** Days an event is kept; null: forever. */
    days: integer(),
    nextRunAt: isoTimestamp()
      .notNull()
      .default(sql`now()`),
    revision: revisionColumn(),
    updatedAt: isoTimestamp()
      .notNull()
      .default(sql`now()`),
    updatedBy: text(),
  },
  (t) => [
    check('audit_retention_single_row', sql`${t.id} = 'global'`),
    check('audit_retention_days', sql`${t.days} is null or ${t.days} between 1 and 3650`),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Exports of the audit trail: gzipped JSON lines, one audit_events row per line as stored. Written by the
 * retention job before it deletes those events (in the same transaction), or on demand.
 */
export const auditExports = pgTable(
  'audit_exports',
  {
    id: idColumn(),
    /** `retention` (the events were purged after) or `manual` (Export now: nothing purged). */
    reason: text().$type<'retention' | 'manual'>().notNull(),
    fromSeq: bigint({ mode: 'number' }),
    toSeq: bigint({ mode: 'number' }),
    fromTime: isoTimestamp(),
    toTime: isoTimestamp(),
    eventCount: integer().notNull(),
    /** Size of `content`, the gzip. */
    bytes: integer().notNull(),
    content: bytea().notNull(),
    /** Who asked for it; null for the retention job. */
    createdBy: text(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check('audit_exports_reason', sql`${t.reason} in ('retention', 'manual')`),
    index('audit_exports_created_idx').on(t.createdAt, t.id),
  ],
);
