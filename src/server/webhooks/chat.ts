import type { ChatWebhookKind, WebhookPayload } from '../../contract/webhooks';
import type { Executor } from '../db/client';
import { renderNotification } from '../notifications';
import { chatCardOf, type ChatMessage } from './chat-cards';
import { chatVarsOf, notificationOf } from './chat-vars';

/** The built-in line of an event no notification template covers: who did what to which resource. */
export function plainChatMessage(payload: WebhookPayload): ChatMessage {
  const { data } = payload;
  const actor = data.actor?.email ?? data.actor?.id ?? 'system';
  const resource = data.resourceId === null ? data.resourceType : `${data.resourceType} ${data.resourceId}`;
  const where = [data.tenantId && `tenant ${data.tenantId}`, data.environment].filter(Boolean).join(', ');
  return { text: `${actor}: ${data.action} on ${resource}${where && ` (${where})`}`, link: data.link };
}

/**
 * One event as a Slack or Teams message (docs/webhooks.md, "Slack and Microsoft Teams"): the product's
 * chat notification where there is one (an administrator's template over the built-in), else the
 * built-in line.
 */
export async function chatBody(
  db: Executor,
  kind: ChatWebhookKind,
  payload: WebhookPayload,
): Promise<object> {
  const event = notificationOf(payload.type);
  if (event === undefined) return chatCardOf(kind, plainChatMessage(payload));
  const vars = await chatVarsOf(db, payload);
  const { text } = await renderNotification(db, { event, channel: 'chat', vars });
  return chatCardOf(kind, { text, link: vars.link || null });
}
