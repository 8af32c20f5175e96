import { and, asc, gt, isNotNull, lte } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { auditEvents } from '../db/schema';
import { advance, dueAt, failed, fixBatch, movedTo, positionOf } from './cursor';
import { sendLogged, type SendSettings, type Subscription } from './deliveries';
import { ownerOf } from './run-events';
import { leaseEnd, type WebhookSettings } from './settings';
import { streamBody, type AuditRow } from './stream-format';

/** Events one POST of an audit stream carries at most, and POSTs one claim makes at most. */
export const STREAM_BATCH = 100;
const BATCHES_PER_CLAIM = 10;

/** The delivery log's event type for a stream batch. */
export const STREAM_BATCH_TYPE = 'audit.batch';

/** Committed audit rows after `after`, oldest first: up to `through`, or at most `limit`. */
export async function auditRowsAfter(
  db: Executor,
  after: number,
  bound: { through: number } | { limit: number },
): Promise<AuditRow[]> {
  const query = db
    .select()
    .from(auditEvents)
    .where(
      and(
        isNotNull(auditEvents.seq),
        gt(auditEvents.seq, after),
        'through' in bound ? lte(auditEvents.seq, bound.through) : undefined,
      ),
    )
    .orderBy(asc(auditEvents.seq));
  return 'limit' in bound ? query.limit(bound.limit) : query;
}

/** A batch's message id: its first and last seq, the same on every retry and redelivery. */
export const batchIdOf = (subscriptionId: string, first: number, last: number) =>
  `msg_${first}-${last}_${subscriptionId}`;

/** A batch: its first and last seq (its identity), and its rows. */
export interface StreamBatch {
  first: number;
  last: number;
  rows: readonly AuditRow[];
}

/** Signs and sends one batch and logs the attempt. */
export function sendStreamBatch(
  db: Database,
  sub: Subscription,
  { first, last, rows }: StreamBatch,
  attempt: number,
  settings: SendSettings,
) {
  const { body, contentType } = streamBody(rows, sub.format ?? 'ndjson');
  const webhookId = batchIdOf(sub.id, first, last);
  const message = { webhookId, eventSeq: first, lastEventSeq: last, eventType: STREAM_BATCH_TYPE };
  return sendLogged(db, sub, { ...message, attempt, body, contentType }, settings);
}

/**
 * Sends an audit stream's next batches in order: every audit event, as stored, while its owner is an
 * active administrator (else the attempt fails, is retried, and pauses it after the retry period).
 * A batch's end is fixed before its first attempt (fixBatch), so its retries carry the same events.
 */
export async function runAuditStream(db: Database, sub: Subscription, settings: WebhookSettings) {
  let position = positionOf(sub);
  let through = sub.batchThrough;
  const owner = await ownerOf(db, sub);
  if (!owner?.isAdmin) {
    const error = 'Its owner is no longer an active administrator';
    return failed(db, sub, position, error, settings);
  }
  for (let batch = 0; batch < BATCHES_PER_CLAIM; batch += 1) {
    const rows = await auditRowsAfter(
      db,
      position.cursor,
      through === null ? { limit: STREAM_BATCH } : { through },
    );
    if (through === null) {
      const last = rows.at(-1)?.seq;
      if (last === undefined || last === null) break;
      if (!(await fixBatch(db, sub.id, position.cursor, last))) return;
      through = last;
    }
    const oldest = rows[0];
    if (oldest) {
      const batchOf = { first: oldest.seq ?? through, last: through, rows };
      const outcome = await sendStreamBatch(db, sub, batchOf, position.attempts + 1, settings);
      // One attempt per batch; its lag is its oldest event's.
      const lagSeconds = (Date.now() - Date.parse(oldest.createdAt)) / 1000;
      settings.observe?.({ kind: sub.kind, ok: outcome.ok, lagSeconds });
      if (!outcome.ok) return failed(db, sub, position, outcome.error, settings);
    }
    if (!(await advance(db, sub.id, position.cursor, through, leaseEnd(settings)))) return;
    position = movedTo(through);
    through = null;
  }
  await dueAt(db, sub.id, position.cursor, new Date().toISOString());
}
