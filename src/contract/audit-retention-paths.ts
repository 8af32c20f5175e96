/*
 * Audit retention's plain values, without zod, so the console's Audit Log chunk does not pull the
 * schemas in (docs/audit-retention.md). The schemas live in audit-retention.ts.
 */

export const AUDIT_RETENTION_PATH = '/api/audit-retention';
export const AUDIT_EXPORTS_PATH = '/api/audit-exports';

/** The longest retention one may set: ten years. */
export const AUDIT_RETENTION_MAX_DAYS = 3650;

/** The download's file name: audit-<first seq>-<last seq>.jsonl.gz (by id when the export is empty). */
export const auditExportFileName = (item: {
  id: string;
  fromSeq: number | null;
  toSeq: number | null;
}): string =>
  item.fromSeq === null || item.toSeq === null
    ? `audit-export-${item.id}.jsonl.gz`
    : `audit-${item.fromSeq}-${item.toSeq}.jsonl.gz`;
