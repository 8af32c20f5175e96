import { and, eq, isNull, lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { webhookSubscriptions } from '../db/schema';
import { startPeriodicTask, type PeriodicTask } from '../periodic';
import { runAuditStream } from './audit-stream';
import type { Subscription } from './deliveries';
import { runEvents } from './run-events';
import { leaseMs, type WebhookSettings } from './settings';

export { retryDelayMs } from './cursor';
export { WEBHOOK_RETRIES, type WebhookSettings } from './settings';

/** How often a process looks for subscriptions with events to send. */
export const WEBHOOK_PASS_MS = 1000;

/** Subscriptions one pass claims. */
const PASS_LIMIT = 20;

/**
 * Takes the subscriptions due for delivery and moves their next attempt past the lease, in one
 * transaction that commits before any HTTP call: rows are claimed FOR UPDATE SKIP LOCKED, so several
 * processes on one database each take different subscriptions, and one subscription is sent by one
 * process at a time (in order). A process that dies mid-batch leaves it due again when the lease ends.
 */
async function claimDue(db: Database, now: Date, settings: WebhookSettings): Promise<Subscription[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(webhookSubscriptions)
      .where(
        and(
          eq(webhookSubscriptions.enabled, true),
          isNull(webhookSubscriptions.pausedAt),
          lte(webhookSubscriptions.nextAttemptAt, now.toISOString()),
        ),
      )
      .orderBy(webhookSubscriptions.nextAttemptAt)
      .limit(PASS_LIMIT)
      .for('update', { skipLocked: true });
    const until = new Date(now.getTime() + leaseMs(settings)).toISOString();
    for (const row of rows) {
      await tx
        .update(webhookSubscriptions)
        .set({ nextAttemptAt: until })
        .where(eq(webhookSubscriptions.id, row.id));
    }
    return rows;
  });
}

/** One claimed subscription's sends: an audit stream in batches, every other kind event by event. */
const runClaimed = (db: Database, sub: Subscription, settings: WebhookSettings) =>
  sub.kind === 'audit_stream' ? runAuditStream(db, sub, settings) : runEvents(db, sub, settings);

/** One pass: claim what is due, send each claimed subscription's events. Answers how many were claimed. */
export async function runWebhookPass(db: Database, settings: WebhookSettings): Promise<number> {
  const claimed = await claimDue(db, new Date(), settings);
  await Promise.all(claimed.map((sub) => runClaimed(db, sub, settings)));
  return claimed.length;
}

/** Every process runs passes; each subscription is claimed by one at a time (docs/webhooks.md). */
export function startWebhookDelivery(
  db: Database,
  settings: WebhookSettings,
  options: { intervalMs: number; onError: (error: unknown) => void },
): PeriodicTask {
  return startPeriodicTask(() => runWebhookPass(db, settings), options);
}
