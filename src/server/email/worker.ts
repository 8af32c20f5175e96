import type { Database } from '../db/client';
import { renderNotification } from '../notifications/render';
import { startPeriodicTask, type PeriodicTask } from '../periodic';
import { getSettings } from '../settings/service';
import {
  claimOutbox,
  ensureOutbox,
  logDelivery,
  moveOutbox,
  reachedBy,
  trailAfter,
  type OutboxRow,
} from './outbox';
import { planOf, type TrailEvent } from './plan';
import { optedOut } from './preferences';
import type { EmailSettings } from './settings';
import type { Mailer } from './transport';

/** Events one pass reads at most. */
const BATCH = 50;
const RETRY_MAX_MS = 3600 * 1000;

/** The pause before attempt `attempts + 1`: doubling from the base, capped at an hour, half of it random. */
export function emailRetryDelayMs(attempts: number, baseMs: number, random = Math.random): number {
  const full = Math.min(RETRY_MAX_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(full / 2 + (random() * full) / 2);
}

/**
 * Sends an event's e-mail to each of its recipients who has not opted out of its kind and was not
 * reached by an earlier attempt. Answers false at the first failure worth retrying (the SMTP server is
 * down or busy): the event is tried again later, for those not yet reached.
 */
async function sendEvent(
  db: Database,
  mailer: Mailer,
  trail: TrailEvent,
  settings: EmailSettings,
): Promise<boolean> {
  const plan = await planOf(db, trail, settings.publicUrl);
  if (!plan) return true;
  const out = await optedOut(
    db,
    plan.recipients.map((r) => r.id),
    plan.kind,
  );
  const reached = await reachedBy(db, trail.seq);
  for (const recipient of plan.recipients) {
    if (out.has(recipient.id) || reached.has(recipient.id)) continue;
    // A review request names the reviewer it is sent to; an outcome names who decided.
    const vars = plan.kind === 'awaitingReview' ? { ...plan.vars, reviewer: recipient.email } : plan.vars;
    const message = await renderNotification(db, { event: plan.event, channel: 'email', vars });
    const outcome = await mailer.send({ to: recipient.email, ...message });
    settings.observe?.(outcome.ok ? 'sent' : 'failed');
    await logDelivery(db, {
      seq: trail.seq,
      event: plan.event,
      recipientId: recipient.id,
      recipient: recipient.email,
      subject: message.subject,
      ok: outcome.ok,
      error: outcome.error,
    });
    if (!outcome.ok && !outcome.permanent) return false;
  }
  return true;
}

/**
 * A failed attempt at the event after `cursor`: due again after a backoff, or given up on once it has
 * failed for the retry period (answers true: move past it; its failures stay in the log).
 */
async function failed(
  db: Database,
  row: OutboxRow,
  cursor: number,
  settings: EmailSettings,
): Promise<boolean> {
  const now = new Date();
  const failingSince = row.failingSince ?? now.toISOString();
  if (now.getTime() - Date.parse(failingSince) >= settings.retryForMs) return true;
  const attempts = row.attempts + 1;
  const due = new Date(now.getTime() + emailRetryDelayMs(attempts, settings.retryBaseMs)).toISOString();
  await moveOutbox(db, cursor, { attempts, failingSince, nextAttemptAt: due });
  return false;
}

/** Sends what the events after the claimed row's cursor send, in order; `at.cursor` follows its progress. */
async function sendClaimed(
  db: Database,
  mailer: Mailer,
  row: OutboxRow,
  settings: EmailSettings,
  at: { cursor: number },
): Promise<number> {
  const on = (await getSettings(db)).emailNotifications;
  let handled = 0;
  const lease = () => new Date(Date.now() + settings.leaseMs).toISOString();
  const { events, end } = await trailAfter(db, at.cursor, BATCH);
  for (const trail of events) {
    const done = !on || (await sendEvent(db, mailer, trail, settings));
    if (!done && !(await failed(db, row, at.cursor, settings))) return handled;
    const moved = { cursor: trail.seq, attempts: 0, failingSince: null, nextAttemptAt: lease() };
    if (!(await moveOutbox(db, at.cursor, moved))) return handled;
    row.attempts = 0;
    row.failingSince = null;
    at.cursor = trail.seq;
    handled += 1;
  }
  // Past the events that mail no one, up to where the read looked; due again at once (a full batch
  // likely left more), else on the next pass.
  const next = { nextAttemptAt: new Date().toISOString() };
  if (end > at.cursor && (await moveOutbox(db, at.cursor, { ...next, cursor: end }))) at.cursor = end;
  else await moveOutbox(db, at.cursor, next);
  return handled;
}

/**
 * One pass: take the mailer's row if it is due, send what the events after its cursor send, in order,
 * and move the cursor past each one handled. With Settings' "Email Notifications" off, events pass by
 * unsent. Answers how many events were handled (0 when another process holds the row, or before
 * ensureOutbox made it). A pass that fails (the database went away) gives the row back after the first
 * retry pause rather than holding it for the whole lease.
 */
export async function runEmailPass(db: Database, mailer: Mailer, settings: EmailSettings): Promise<number> {
  const row = await claimOutbox(db, new Date(), settings.leaseMs);
  if (!row) return 0;
  const at = { cursor: row.cursor };
  try {
    return await sendClaimed(db, mailer, row, settings, at);
  } catch (error) {
    const due = new Date(Date.now() + settings.retryBaseMs).toISOString();
    await moveOutbox(db, at.cursor, { nextAttemptAt: due }).catch(() => undefined);
    throw error;
  }
}

/** Every process runs passes; the mailer's row is held by one at a time (docs/notifications.md). */
export async function startEmailDelivery(
  db: Database,
  mailer: Mailer,
  settings: EmailSettings,
  options: { intervalMs: number; onError: (error: unknown) => void },
): Promise<PeriodicTask> {
  // Where the cursor starts is fixed before the server takes requests, so nothing done after is missed.
  await ensureOutbox(db);
  const task = startPeriodicTask(() => runEmailPass(db, mailer, settings), options);
  return {
    ...task,
    stop: async () => {
      await task.stop();
      mailer.close();
    },
  };
}
