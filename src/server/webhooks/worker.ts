import { and, eq, isNull, lte } from 'drizzle-orm';
import { isEnvironment } from '../../contract/common';
import { WEBHOOK_RETRY_HOURS } from '../../contract/webhooks';
import { recordAudit, SYSTEM_ACTOR } from '../audit/service';
import { loadViewer, type Viewer } from '../auth/viewer';
import type { Database } from '../db/client';
import { webhookSubscriptions } from '../db/schema';
import { maySee } from '../events/visibility';
import { startPeriodicTask, type PeriodicTask } from '../periodic';
import { nextRevision } from '../revisions';
import { findPublicUser } from '../users/service-accounts';
import { deliver, type SendSettings, type Subscription } from './deliveries';
import { environmentOf, liveEventOf, outboxAfter, typesTake, type OutboxEvent } from './events';

/** The delivery settings (WEBHOOK_* in env.ts; docs/webhooks.md). */
export interface WebhookSettings extends SendSettings {
  /** The first retry's pause; each next one doubles, up to an hour, with jitter. */
  retryBaseMs: number;
  /** How long a failing event is retried before the subscription pauses. */
  retryForMs: number;
  /** The resource types every signed-in user may read (the live stream's rule, from the route table). */
  openTypes: () => Set<string>;
  /**
   * How long a claim holds a subscription (default: a batch of sends at the timeout each, and a minute):
   * a process that dies holding it leaves it to the others after this. Tests shorten it.
   */
  leaseMs?: number;
  /** Told of every attempt at an event of the trail (the metrics: docs/webhooks.md). */
  observe?: (attempt: { ok: boolean; lagSeconds: number }) => void;
}

export const DEFAULT_RETRY_BASE_MS = 5000;
export const DEFAULT_RETRY_FOR_MS = WEBHOOK_RETRY_HOURS * 3600 * 1000;
const RETRY_MAX_MS = 3600 * 1000;
export const WEBHOOK_RETRIES = { retryBaseMs: DEFAULT_RETRY_BASE_MS, retryForMs: DEFAULT_RETRY_FOR_MS };
/** How often a process looks for subscriptions with events to send. */
export const WEBHOOK_PASS_MS = 1000;

/** Subscriptions one pass claims, and events one claim sends at most. */
const PASS_LIMIT = 20;
const BATCH = 50;

/** The pause before attempt `attempts + 1`: doubling from the base, capped, with half of it random. */
export function retryDelayMs(attempts: number, baseMs: number, random = Math.random): number {
  const full = Math.min(RETRY_MAX_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(full / 2 + (random() * full) / 2);
}

/** How long a claim lasts: a batch of sends at the timeout each, and a margin. */
const leaseMs = (settings: WebhookSettings) => settings.leaseMs ?? settings.timeoutMs * BATCH + 60_000;

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

/** Whether this subscription sends the event: its types, tenant, environments and its owner's rights. */
function takes(sub: Subscription, owner: Viewer, event: OutboxEvent, settings: WebhookSettings): boolean {
  if (!typesTake(sub.eventTypes, event.action)) return false;
  if (sub.tenantId !== null && event.tenantId !== sub.tenantId) return false;
  if (sub.environments !== null) {
    const environment = environmentOf(event.changes === null ? null : safeParse(event.changes));
    if (!isEnvironment(environment) || !sub.environments.includes(environment)) return false;
  }
  return maySee(owner, liveEventOf(event), settings.openTypes());
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Moves the cursor on, only if this process still holds the subscription where it found it (a lease
 * that ran out and another process that went on make this a no-op: false, stop here).
 */
async function advance(
  db: Database,
  sub: Subscription,
  from: number,
  to: number,
  due: string,
): Promise<boolean> {
  const moved = await db
    .update(webhookSubscriptions)
    .set({ cursor: to, attempts: 0, failingSince: null, nextAttemptAt: due })
    .where(and(eq(webhookSubscriptions.id, sub.id), eq(webhookSubscriptions.cursor, from)))
    .returning({ id: webhookSubscriptions.id });
  return moved.length === 1;
}

/** A failed attempt: retry later with backoff, or pause once the event has failed for the retry period. */
async function failed(
  db: Database,
  sub: Subscription,
  cursor: number,
  outcome: { error: string | null },
  settings: WebhookSettings,
) {
  const now = new Date();
  const failingSince = sub.failingSince ?? now.toISOString();
  const attempts = sub.attempts + 1;
  const exhausted = now.getTime() - Date.parse(failingSince) >= settings.retryForMs;
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(webhookSubscriptions)
      .set({
        attempts,
        failingSince,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts, settings.retryBaseMs)).toISOString(),
        ...(exhausted && {
          revision: nextRevision(webhookSubscriptions.revision),
          pausedAt: now.toISOString(),
          pausedReason: `Retries ran out: ${outcome.error ?? 'failed'}`,
        }),
      })
      .where(and(eq(webhookSubscriptions.id, sub.id), eq(webhookSubscriptions.cursor, cursor)))
      .returning({ id: webhookSubscriptions.id });
    if (exhausted && updated.length === 1) {
      // The owners hear of it on the audit trail and the live stream.
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: 'webhook.pause',
        resourceType: 'webhook',
        resourceId: sub.id,
        tenantId: sub.tenantId,
        changes: { reason: outcome.error, failingSince, attempts },
      });
    }
  });
}

/** Sends one claimed subscription's next events in order, stopping at the first failure. */
async function run(db: Database, sub: Subscription, settings: WebhookSettings): Promise<void> {
  const user = await findPublicUser(db, sub.ownerId);
  let cursor = sub.cursor;
  const events = await outboxAfter(db, cursor, BATCH);
  const owner =
    user && user.status === 'active' ? await loadViewer(db, user, `webhook:${sub.id}`) : undefined;
  const nowIso = () => new Date().toISOString();
  for (const event of events) {
    if (owner === undefined || !takes(sub, owner, event, settings)) {
      // Not for this subscription (or no one may see it now): passed over, in order.
      if (
        !(await advance(db, sub, cursor, event.seq, new Date(Date.now() + leaseMs(settings)).toISOString()))
      )
        return;
      cursor = event.seq;
      continue;
    }
    const outcome = await deliver(db, { ...sub, cursor }, event, settings);
    settings.observe?.({ ok: outcome.ok, lagSeconds: (Date.now() - Date.parse(event.createdAt)) / 1000 });
    if (!outcome.ok) return failed(db, { ...sub, cursor }, cursor, outcome, settings);
    if (
      !(await advance(
        db,
        { ...sub, attempts: 0 },
        cursor,
        event.seq,
        new Date(Date.now() + leaseMs(settings)).toISOString(),
      ))
    )
      return;
    sub = { ...sub, attempts: 0, failingSince: null };
    cursor = event.seq;
  }
  // Done for now: due again at once (a full batch likely left more), else on the next pass.
  await db
    .update(webhookSubscriptions)
    .set({ nextAttemptAt: nowIso() })
    .where(and(eq(webhookSubscriptions.id, sub.id), eq(webhookSubscriptions.cursor, cursor)));
}

/** One pass: claim what is due, send each claimed subscription's events. Answers how many were claimed. */
export async function runWebhookPass(db: Database, settings: WebhookSettings): Promise<number> {
  const claimed = await claimDue(db, new Date(), settings);
  await Promise.all(claimed.map((sub) => run(db, sub, settings)));
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
