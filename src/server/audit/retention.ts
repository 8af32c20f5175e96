import { eq, sql } from 'drizzle-orm';
import type { AuditRetention, AuditRetentionInput } from '../../contract/audit-retention';
import type { Actor } from './actor';
import type { Database, Executor } from '../db/client';
import { AUDIT_RETENTION_ROW_ID, auditRetention } from '../db/schema';
import { assertRevision, nextRevision, PreconditionFailedError, type ExpectedRevision } from '../revisions';
import { recordAudit } from './service';

const retentionFields = {
  days: auditRetention.days,
  updatedAt: auditRetention.updatedAt,
  updatedBy: auditRetention.updatedBy,
  revision: auditRetention.revision,
};

/** Revision 0: never saved, keep forever; the first save (revision 1) can still be conditional. */
const DEFAULT_RETENTION: AuditRetention = { days: null, updatedAt: null, updatedBy: null, revision: 0 };

export async function getAuditRetention(db: Executor): Promise<AuditRetention> {
  const [row] = await db
    .select(retentionFields)
    .from(auditRetention)
    .where(eq(auditRetention.id, AUDIT_RETENTION_ROW_ID));
  return row ?? DEFAULT_RETENTION;
}

/**
 * Sets how long the trail keeps its events (null: forever), audited. A stale revision is refused (412).
 * The purge job's next run is due at once, so a shorter retention takes effect on its next pass.
 */
export async function replaceAuditRetention(
  db: Database,
  input: AuditRetentionInput,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<AuditRetention> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(retentionFields)
      .from(auditRetention)
      .where(eq(auditRetention.id, AUDIT_RETENTION_ROW_ID))
      .for('update');
    const previous = before ?? DEFAULT_RETENTION;
    assertRevision(previous, expectedRevision, 'The audit retention');
    const values = { days: input.days, updatedBy: actor.email, nextRunAt: sql`now()` };
    // Two first saves race to insert the row: the loser's update applies only at the revision it read.
    const [after] = await tx
      .insert(auditRetention)
      .values({ id: AUDIT_RETENTION_ROW_ID, ...values })
      .onConflictDoUpdate({
        target: auditRetention.id,
        set: { ...values, updatedAt: sql`now()`, revision: nextRevision(auditRetention.revision) },
        setWhere: expectedRevision === undefined ? undefined : eq(auditRetention.revision, previous.revision),
      })
      .returning(retentionFields);
    if (!after) {
      const current = await getAuditRetention(tx);
      throw new PreconditionFailedError(current.revision, current, 'The audit retention');
    }
    await recordAudit(tx, actor, {
      action: 'audit.retention.update',
      resourceType: 'audit',
      resourceId: AUDIT_RETENTION_ROW_ID,
      changes: { before: { days: previous.days }, after: { days: after.days, revision: after.revision } },
    });
    return after;
  });
}
