import { WEBHOOK_TEST_EVENT, type WebhookKind, type WebhookPayload } from '../../contract/webhooks';
import type { Executor } from '../db/client';
import type { webhookSubscriptions } from '../db/schema';
import { chatBody } from './chat';
import { chatCardOf } from './chat-cards';
import { streamBody, type AuditRow } from './stream-format';

type Subscription = typeof webhookSubscriptions.$inferSelect;

/** How one event of the trail becomes a request body, by the subscription's kind (docs/webhooks.md, "Kinds"). */
export async function messageBodyOf(
  db: Executor,
  kind: WebhookKind,
  payload: WebhookPayload,
): Promise<string> {
  if (kind === 'slack' || kind === 'teams') return JSON.stringify(await chatBody(db, kind, payload));
  return JSON.stringify(payload);
}

/**
 * The body of a test send, in the subscription's own shape: a `webhook.test` payload, a chat message
 * saying so, or an audit stream's line of a `webhook.test` row (no seq: never one of the trail's).
 */
export function testBodyOf(
  sub: Pick<Subscription, 'id' | 'kind' | 'format' | 'tenantId'>,
  publicUrl: string,
): { body: string; contentType?: string } {
  const now = new Date().toISOString();
  const link = `${publicUrl}/settings`;
  if (sub.kind === 'slack' || sub.kind === 'teams') {
    const message = { text: `Test message from the console (webhook ${sub.id})`, link };
    return { body: JSON.stringify(chatCardOf(sub.kind, message)) };
  }
  if (sub.kind === 'audit_stream') return streamBody([testRow(sub.id, now)], sub.format ?? 'ndjson');
  const data = { subscriptionId: sub.id, tenantId: sub.tenantId, link };
  return { body: JSON.stringify({ type: WEBHOOK_TEST_EVENT, timestamp: now, data }) };
}

const testRow = (subscriptionId: string, at: string): AuditRow => ({
  id: `test_${subscriptionId}`,
  actorId: null,
  actorEmail: null,
  actorTokenId: null,
  actorTokenName: null,
  action: WEBHOOK_TEST_EVENT,
  resourceType: 'webhook',
  resourceId: subscriptionId,
  tenantId: null,
  changes: null,
  revision: null,
  ip: null,
  createdAt: at,
  seq: null,
});
