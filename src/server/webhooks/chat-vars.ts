import { eq } from 'drizzle-orm';
import type { NamedWebhookEventType, WebhookPayload } from '../../contract/webhooks';
import type { Executor } from '../db/client';
import { changeRequests } from '../db/schema';
import type { NotificationEvent } from '../notifications';
import { reasonOf, requestVars, tenantName, type NotificationVars } from '../notifications/vars';

/** The notification each templated webhook event is (docs/webhooks.md, "Slack and Microsoft Teams"). */
const NOTIFICATION_OF: Partial<Record<NamedWebhookEventType, NotificationEvent>> = {
  'change_request.filed': 'change_request.awaiting_review',
  'change_request.approved': 'change_request.approved',
  'change_request.rejected': 'change_request.rejected',
  'change_request.applied': 'change_request.applied',
  'change_request.failed': 'change_request.failed',
  'change_request.rolled_back': 'change_request.rolled_back',
  'rollout.rolled_back': 'rollout.rolled_back',
};

export const notificationOf = (type: string): NotificationEvent | undefined =>
  Object.entries(NOTIFICATION_OF).find(([named]) => named === type)?.[1];

/**
 * The template variables of an event (docs/notifications.md): a change request's as it stands now, a
 * rollout's from what the trail recorded. Empty where the event has no value.
 */
export async function chatVarsOf(db: Executor, payload: WebhookPayload): Promise<NotificationVars> {
  const { data } = payload;
  const reason = reasonOf(data.changes);
  const link = data.link ?? '';
  const [request] =
    data.requestId === null
      ? []
      : await db.select().from(changeRequests).where(eq(changeRequests.id, data.requestId));
  if (request) {
    const reviewer = payload.type === 'change_request.filed' ? '' : (data.actor?.email ?? '');
    return requestVars(db, request, { reviewer, reason, link });
  }
  return {
    title: `${data.resourceType} ${data.resourceId ?? ''}`.trim(),
    requestId: '',
    requester: data.actor?.email ?? '',
    reviewer: '',
    tenant: await tenantName(db, data.tenantId),
    environment: data.environment ?? '',
    changeCount: '',
    reason,
    link,
  };
}
