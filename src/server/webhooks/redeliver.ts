import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { webhookDeliveries } from '../db/schema';
import { notFound } from '../errors';
import { auditRowsAfter, sendStreamBatch } from './audit-stream';
import { deliver, sendTestEvent, type SendSettings, type Subscription } from './deliveries';
import { outboxAt } from './events';

const gone = () => notFound('Its event (no longer in the audit trail)');

/**
 * Sends a logged delivery's event (or an audit stream's batch) again now, with the same message id (a
 * receiver that handled it drops it), outside the order of the trail: how an owner replays what a
 * receiver lost after answering 2xx.
 */
export async function redeliver(db: Database, sub: Subscription, deliveryId: string, settings: SendSettings) {
  const [delivery] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.subscriptionId, sub.id)));
  if (!delivery) throw notFound('Delivery');
  const { eventSeq, lastEventSeq } = delivery;
  if (eventSeq === null) return sendTestEvent(db, sub, settings);
  if (lastEventSeq !== null) {
    const rows = await auditRowsAfter(db, eventSeq - 1, { through: lastEventSeq });
    if (rows.length === 0) throw gone();
    const batch = { first: eventSeq, last: lastEventSeq, rows };
    return sendStreamBatch(db, sub, batch, delivery.attempt + 1, settings);
  }
  const event = await outboxAt(db, eventSeq);
  if (!event) throw gone();
  // The same message id as every earlier attempt at this event: msg_<seq>_<subscription>.
  return deliver(db, sub, event, settings, delivery.attempt + 1);
}
