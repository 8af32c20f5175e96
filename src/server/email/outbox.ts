import { and, asc, eq, gt, inArray, lte, max, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { auditEvents, emailDeliveries, emailOutbox } from '../db/schema';
import { MAILING_ACTIONS, type TrailEvent } from './plan';

export const OUTBOX_ID = 'mailer';
export type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * The mailer's row, made on first use at the trail's end: e-mail is about what happens from when it is
 * first switched on, never a backlog of the installation's history.
 */
export async function ensureOutbox(db: Executor): Promise<void> {
  const [last] = await db.select({ seq: max(auditEvents.seq) }).from(auditEvents);
  await db
    .insert(emailOutbox)
    .values({ id: OUTBOX_ID, cursor: last?.seq ?? 0 })
    .onConflictDoNothing();
}

/**
 * Takes the mailer's row when it is due and moves its next attempt past the lease, in a transaction that
 * commits before any e-mail goes out (FOR UPDATE SKIP LOCKED): one process at a time sends, in order;
 * one that dies mid-pass leaves the row to the others once the lease ends.
 */
export async function claimOutbox(db: Database, now: Date, leaseMs: number): Promise<OutboxRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.id, OUTBOX_ID), lte(emailOutbox.nextAttemptAt, now.toISOString())))
      .for('update', { skipLocked: true });
    if (!row) return undefined;
    await tx
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + leaseMs).toISOString() })
      .where(eq(emailOutbox.id, OUTBOX_ID));
    return row;
  });
}

/**
 * Moves the row on from where this pass found it, and only then (false: the lease ran out and another
 * process went on, so this one stops).
 */
export async function moveOutbox(
  db: Executor,
  from: number,
  set: Partial<Omit<OutboxRow, 'id'>>,
): Promise<boolean> {
  const moved = await db
    .update(emailOutbox)
    .set(set)
    .where(and(eq(emailOutbox.id, OUTBOX_ID), eq(emailOutbox.cursor, from)))
    .returning({ id: emailOutbox.id });
  return moved.length === 1;
}

/**
 * The committed events after `seq` that may mail someone (plan.ts), in commit order, at most `limit`, and
 * `end`: how far along the trail the read looked. Events that mail no one are not read at all, so a busy
 * trail costs the mailer one query per batch, not an update per event. The trail's end is taken first:
 * a reader that sees a seq has every smaller one that will commit (docs/live-updates.md), so nothing up
 * to it can appear later.
 */
export async function trailAfter(
  db: Executor,
  seq: number,
  limit: number,
): Promise<{ events: TrailEvent[]; end: number }> {
  const [top] = await db.select({ end: max(auditEvents.seq) }).from(auditEvents);
  const trailEnd = top?.end ?? seq;
  const rows = await db
    .select({
      seq: auditEvents.seq,
      action: auditEvents.action,
      resourceId: auditEvents.resourceId,
      tenantId: auditEvents.tenantId,
      actorEmail: auditEvents.actorEmail,
      changes: auditEvents.changes,
      createdAt: auditEvents.createdAt,
    })
    .from(auditEvents)
    .where(
      and(
        gt(auditEvents.seq, seq),
        lte(auditEvents.seq, trailEnd),
        inArray(auditEvents.action, MAILING_ACTIONS),
      ),
    )
    .orderBy(asc(auditEvents.seq))
    .limit(limit);
  const events = rows.flatMap((row) => (row.seq === null ? [] : [{ ...row, seq: row.seq }]));
  // A full batch may leave mailing events before the trail's end: the next read starts after its last.
  const end = events.length < limit ? trailEnd : (events.at(-1)?.seq ?? seq);
  return { events, end: Math.max(end, seq) };
}

/** The recipients an event's e-mail already reached: a retry of the event skips them. */
export async function reachedBy(db: Executor, seq: number): Promise<Set<string>> {
  const rows = await db
    .select({ recipientId: emailDeliveries.recipientId })
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.eventSeq, seq), eq(emailDeliveries.ok, true)));
  return new Set(rows.map((row) => row.recipientId));
}

/** Logs an attempt: one row per event and recipient, its attempts counted. */
export async function logDelivery(
  db: Executor,
  entry: {
    seq: number;
    event: string;
    recipientId: string;
    recipient: string;
    subject: string;
    ok: boolean;
    error: string | null;
  },
): Promise<void> {
  const { seq, ...rest } = entry;
  await db
    .insert(emailDeliveries)
    .values({ eventSeq: seq, ...rest })
    .onConflictDoUpdate({
      target: [emailDeliveries.eventSeq, emailDeliveries.recipientId],
      set: {
        ok: entry.ok,
        error: entry.error,
        subject: entry.subject,
        attempts: sql`${emailDeliveries.attempts} + 1`,
        updatedAt: sql`now()`,
      },
    });
}
