import { sql } from 'drizzle-orm';
import type { AuditExport, AuditExportInput } from '../../contract/audit-retention';
import type { Actor } from './actor';
import type { Database } from '../db/client';
import { auditEvents } from '../db/schema';
import { badRequest } from '../errors';
import { selectExportRows, writeExport } from './exports';
import { recordAudit } from './service';

/** Events one on-demand export may hold: a wider range is refused rather than held in memory at once. */
export const EXPORT_NOW_MAX = 50_000;

/** Export now (docs/audit-retention.md): the events of [from, to) as an export, audited; nothing purged. */
export async function exportAuditRange(
  db: Database,
  input: AuditExportInput,
  actor: Actor,
): Promise<AuditExport> {
  return db.transaction(async (tx) => {
    const rows = await selectExportRows(
      tx,
      sql`${auditEvents.createdAt} >= ${input.from} and ${auditEvents.createdAt} < ${input.to}`,
      EXPORT_NOW_MAX + 1,
    );
    if (rows.length === 0) {
      const message = 'No audit events in this range';
      throw badRequest(message, [{ path: 'body.from', message }]);
    }
    if (rows.length > EXPORT_NOW_MAX) {
      const message = `More than ${EXPORT_NOW_MAX.toLocaleString('en')} events in this range: narrow it`;
      throw badRequest(message, [{ path: 'body.to', message }]);
    }
    const written = await writeExport(tx, rows, { reason: 'manual', createdBy: actor.email });
    await recordAudit(tx, actor, {
      action: 'audit.export',
      resourceType: 'audit',
      resourceId: written.id,
      changes: { exportId: written.id, events: written.eventCount, from: input.from, to: input.to },
    });
    return written;
  });
}
