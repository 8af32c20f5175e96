import { randomUUID } from 'node:crypto';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import { WEBHOOK_TEST_EVENT } from '../../contract/webhooks';
import type { Database } from '../db/client';
import { webhookDeliveries, type webhookSubscriptions } from '../db/schema';
import type { AddressAllowance } from '../delivery/probes/address-policy';
import type { Env } from '../env';
import { messageBodyOf, testBodyOf } from './bodies';
import { payloadOf, type OutboxEvent } from './events';
import { sendWebhook } from './send';
import { signedHeaders } from './signing';

/** What sending needs (docs/webhooks.md): where webhooks may go, how long a send may take, the console's address. */
export interface SendSettings {
  timeoutMs: number;
  allowance: AddressAllowance;
  /** The console's address, for the links in payloads. */
  publicUrl: string;
}

export type Subscription = typeof webhookSubscriptions.$inferSelect;

/** Where webhooks may go and how long a send may take, from the environment (docs/webhooks.md). */
export const webhookSettingsOf = (env: Env): SendSettings => ({
  timeoutMs: env.WEBHOOK_TIMEOUT,
  // Webhooks and health probes are both calls to URLs an administrator typed: one address policy.
  allowance: env.HEALTH_CHECK_ALLOW,
  publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
});
/** The secrets that sign now: the current one, and the rotated-out one during its grace period. */
function signingSecrets(sub: Subscription, now: Date): string[] {
  const previousValid =
    sub.previousSecret !== null &&
    sub.previousSecretUntil !== null &&
    Date.parse(sub.previousSecretUntil) > now.getTime();
  return previousValid && sub.previousSecret !== null ? [sub.secret, sub.previousSecret] : [sub.secret];
}

/** The Standard Webhooks message id: one per event and subscription, the same on every retry. */
export const messageIdOf = (subscriptionId: string, seq: number): string => `msg_${seq}_${subscriptionId}`;

/** Attempts the delivery log keeps per subscription; older ones are dropped as new ones come. */
export const DELIVERY_LOG_KEEP = 200;

/** Logs one attempt and drops what falls beyond the newest DELIVERY_LOG_KEEP of its subscription. */
async function logDelivery(db: Database, values: typeof webhookDeliveries.$inferInsert) {
  const [delivery] = await db.insert(webhookDeliveries).values(values).returning();
  if (!delivery) throw new Error('delivery insert returned no row');
  const kept = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.subscriptionId, values.subscriptionId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERY_LOG_KEEP);
  await db
    .delete(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.subscriptionId, values.subscriptionId),
        notInArray(webhookDeliveries.id, kept),
      ),
    );
  const { subscriptionId: _subscription, ...logged } = delivery;
  return logged;
}

/** One message to send: its id, what it is (an event, or an audit stream's batch up to `lastEventSeq`), the attempt, and its body as signed. */
interface Message {
  webhookId: string;
  eventSeq: number | null;
  lastEventSeq?: number | null;
  eventType: string;
  attempt: number;
  body: string;
  /** application/json unless said. */
  contentType?: string;
}

/** Signs and sends one message to the subscription's URL, and logs the attempt. */
export async function sendLogged(db: Database, sub: Subscription, message: Message, settings: SendSettings) {
  const now = new Date();
  const { body, contentType = 'application/json', ...logged } = message;
  const headers = {
    'content-type': contentType,
    ...signedHeaders(message.webhookId, now, body, signingSecrets(sub, now)),
  };
  const outcome = await sendWebhook(sub.url, body, headers, settings);
  return logDelivery(db, { subscriptionId: sub.id, ...logged, ...outcome });
}

/** Sends one event of the trail as the subscription's kind shapes it, and logs the attempt. */
export async function deliver(
  db: Database,
  sub: Subscription,
  event: OutboxEvent,
  settings: SendSettings,
  attempt: number,
) {
  const payload = payloadOf(event, settings.publicUrl);
  const body = await messageBodyOf(db, sub.kind, payload);
  return sendLogged(
    db,
    sub,
    {
      webhookId: messageIdOf(sub.id, event.seq),
      eventSeq: event.seq,
      eventType: payload.type,
      attempt,
      body,
    },
    settings,
  );
}

/**
 * Sends a `webhook.test` event now, outside the order of the trail (the receiver can tell it by its
 * type), and logs it with the deliveries: how an owner checks a receiver before real events come.
 */
export async function sendTestEvent(db: Database, sub: Subscription, settings: SendSettings) {
  const message = { webhookId: `msg_test_${randomUUID()}`, eventSeq: null, attempt: 1 };
  const body = testBodyOf(sub, settings.publicUrl);
  return sendLogged(db, sub, { ...message, ...body, eventType: WEBHOOK_TEST_EVENT }, settings);
}
