import { and, eq, inArray, isNotNull, lte, min, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import {
  AUDIT_RETENTION_ROW_ID,
  auditEvents,
  auditRetention,
  emailOutbox,
  webhookSubscriptions,
} from '../db/schema';
import { startPeriodicTask, type PeriodicTask } from '../periodic';
import { selectExportRows, writeExport } from './exports';
import { recordAudit, SYSTEM_ACTOR } from './service';

/** How often a process looks whether a purge is due, and how often one runs (docs/audit-retention.md). */
export const RETENTION_PASS_MS = 60_000;
export const RETENTION_RUN_MS = 3600_000;
/** Events one export holds at most: a run writes as many exports as it needs, each its own transaction. */
export const PURGE_BATCH = 10_000;

const DAY_MS = 86_400_000;

/**
 * Claims this run: moves the retention row's next run on, if it is due and retention is set. Of the
 * processes that look at once, one moves it (the others find it no longer due): one process per run.
 */
async function claimRun(db: Database, now: Date): Promise<number | undefined> {
  const [row] = await db
    .update(auditRetention)
    .set({ nextRunAt: new Date(now.getTime() + RETENTION_RUN_MS).toISOString() })
    .where(
      and(
        eq(auditRetention.id, AUDIT_RETENTION_ROW_ID),
        isNotNull(auditRetention.days),
        lte(auditRetention.nextRunAt, now.toISOString()),
      ),
    )
    .returning({ days: auditRetention.days });
  return row?.days ?? undefined;
}

/**
 * The last seq a purge may take: the lowest place of the trail's readers, since each reads the events
 * after it. Those are the enabled webhook subscriptions (paused ones included: they resume from their
 * cursor) and the mailer while some process runs it: its row moved within the last day, the time it
 * retries an event before giving up on it (docs/notifications.md). None: no limit.
 */
async function deliveryHold(db: Executor): Promise<number> {
  const [hooks] = await db
    .select({ cursor: min(webhookSubscriptions.cursor) })
    .from(webhookSubscriptions)
    .where(eq(webhookSubscriptions.enabled, true));
  const [mailer] = await db
    .select({ cursor: emailOutbox.cursor })
    .from(emailOutbox)
    .where(sql`${emailOutbox.nextAttemptAt} > now() - interval '1 day'`);
  return Math.min(hooks?.cursor ?? Number.MAX_SAFE_INTEGER, mailer?.cursor ?? Number.MAX_SAFE_INTEGER);
}

/**
 * One export and purge, in one transaction: the events older than `cutoff` (and not past the delivery
 * hold), at most PURGE_BATCH, written as an export, and only then deleted; the purge is audited.
 * Answers how many were purged.
 */
export async function purgeBatch(db: Database, cutoff: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const hold = await deliveryHold(tx);
    const rows = await selectExportRows(
      tx,
      sql`${auditEvents.createdAt} < ${cutoff.toISOString()} and ${auditEvents.seq} <= ${hold}`,
      PURGE_BATCH,
      true,
    );
    if (rows.length === 0) return 0;
    const written = await writeExport(tx, rows, { reason: 'retention', createdBy: null });
    await tx.delete(auditEvents).where(
      inArray(
        auditEvents.id,
        rows.map((row) => row.id),
      ),
    );
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: 'audit.purge',
      resourceType: 'audit',
      resourceId: written.id,
      changes: {
        exportId: written.id,
        events: rows.length,
        fromSeq: written.fromSeq,
        toSeq: written.toSeq,
        olderThan: cutoff.toISOString(),
      },
    });
    return rows.length;
  });
}

/**
 * One pass of the retention job: when retention is set and a run is due, and this process claims it,
 * exports then purges every event older than the retention, batch by batch. Answers how many it purged.
 */
export async function runRetentionPass(db: Database, now = new Date()): Promise<number> {
  const days = await claimRun(db, now);
  if (days === undefined) return 0;
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  let purged = 0;
  for (;;) {
    const batch = await purgeBatch(db, cutoff);
    purged += batch;
    if (batch < PURGE_BATCH) return purged;
  }
}

/** Every process runs passes; the retention row's lease lets one of them run each hourly purge. */
export function startAuditRetention(
  db: Database,
  options: { intervalMs: number; onError: (error: unknown) => void },
): PeriodicTask {
  return startPeriodicTask(() => runRetentionPass(db), options);
}
