import type { ChatWebhookKind, WebhookPayload } from '../../contract/webhooks';
import type { Executor } from '../db/client';
import { chatCardOf, type ChatMessage } from './chat-cards';
import type { OutboxEvent } from './events';

/** The built-in line of an event no notification template covers: who did what to which resource. */
export function plainChatMessage(payload: WebhookPayload): ChatMessage {
  const { data } = payload;
  const actor = data.actor?.email ?? data.actor?.id ?? 'system';
  const resource = data.resourceId === null ? data.resourceType : `${data.resourceType} ${data.resourceId}`;
  const where = [data.tenantId && `tenant ${data.tenantId}`, data.environment].filter(Boolean).join(', ');
  return {
    subject: `${actor}: ${data.action} on ${resource}`,
    text: where,
    link: data.link,
  };
}

/** One event as a Slack or Teams message (docs/webhooks.md, "Slack and Microsoft Teams"). */
export async function chatBody(
  _db: Executor,
  kind: ChatWebhookKind,
  _event: OutboxEvent,
  payload: WebhookPayload,
): Promise<object> {
  return chatCardOf(kind, plainChatMessage(payload));
}
