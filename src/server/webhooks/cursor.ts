import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit, SYSTEM_ACTOR } from '../audit/service';
import type { Database } from '../db/client';
import { webhookSubscriptions } from '../db/schema';
import { nextRevision } from '../revisions';
import type { Subscription } from './deliveries';

/** Where a claimed subscription stands on the trail: its cursor, and the failures of the event after it. */
export interface Position {
  cursor: number;
  attempts: number;
  failingSince: string | null;
}

export const positionOf = (sub: Subscription): Position => ({
  cursor: sub.cursor,
  attempts: sub.attempts,
  failingSince: sub.failingSince,
});

/** A cursor moved on: nothing after it has failed yet. */
export const movedTo = (cursor: number): Position => ({ cursor, attempts: 0, failingSince: null });

/** The pause before attempt `attempts + 1`: doubling from the base, capped, with half of it random. */
export function retryDelayMs(attempts: number, baseMs: number, random = Math.random): number {
  const full = Math.min(RETRY_MAX_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(full / 2 + (random() * full) / 2);
}
const RETRY_MAX_MS = 3600 * 1000;

/** Only while the row is where this process found it: a lease that ran out and another process went on. */
const fenced = (id: string, cursor: number) =>
  and(eq(webhookSubscriptions.id, id), eq(webhookSubscriptions.cursor, cursor));

/**
 * Moves the cursor on (and clears an audit stream's batch in flight), only if this process still holds
 * the subscription where it found it: false when another went on, and this one stops.
 */
export async function advance(
  db: Database,
  id: string,
  from: number,
  to: number,
  due: string,
): Promise<boolean> {
  const moved = await db
    .update(webhookSubscriptions)
    .set({ cursor: to, attempts: 0, failingSince: null, batchThrough: null, nextAttemptAt: due })
    .where(fenced(id, from))
    .returning({ id: webhookSubscriptions.id });
  return moved.length === 1;
}

/** Due again at `due`, cursor unchanged (fenced like the rest). */
export async function dueAt(db: Database, id: string, cursor: number, due: string): Promise<void> {
  await db.update(webhookSubscriptions).set({ nextAttemptAt: due }).where(fenced(id, cursor));
}

/**
 * Fixes the last seq of an audit stream's next batch before its first attempt, so every retry (by this
 * process or another after a crash) sends the same events under the same webhook-id. Only if none is
 * fixed yet: a process whose lease ran out does not move another's batch (false, stop here).
 */
export async function fixBatch(db: Database, id: string, cursor: number, through: number): Promise<boolean> {
  const fixed = await db
    .update(webhookSubscriptions)
    .set({ batchThrough: through })
    .where(and(fenced(id, cursor), isNull(webhookSubscriptions.batchThrough)))
    .returning({ id: webhookSubscriptions.id });
  return fixed.length === 1;
}

export interface Retries {
  retryBaseMs: number;
  retryForMs: number;
}

/** A failed attempt: retry later with backoff, or pause once the event has failed for the retry period. */
export async function failed(
  db: Database,
  sub: Subscription,
  position: Position,
  error: string | null,
  retries: Retries,
): Promise<void> {
  const now = new Date();
  const failingSince = position.failingSince ?? now.toISOString();
  const attempts = position.attempts + 1;
  const exhausted = now.getTime() - Date.parse(failingSince) >= retries.retryForMs;
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(webhookSubscriptions)
      .set({
        attempts,
        failingSince,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts, retries.retryBaseMs)).toISOString(),
        ...(exhausted && {
          revision: nextRevision(webhookSubscriptions.revision),
          pausedAt: now.toISOString(),
          pausedReason: `Retries ran out: ${error ?? 'failed'}`,
        }),
      })
      .where(fenced(sub.id, position.cursor))
      .returning({ id: webhookSubscriptions.id });
    if (exhausted && updated.length === 1) {
      // The owners hear of it on the audit trail and the live stream.
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: 'webhook.pause',
        resourceType: 'webhook',
        resourceId: sub.id,
        tenantId: sub.tenantId,
        changes: { reason: error, failingSince, attempts },
      });
    }
  });
}
