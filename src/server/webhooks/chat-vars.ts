import { eq } from 'drizzle-orm';
import type { NamedWebhookEventType, WebhookPayload } from '../../contract/webhooks';
import type { Executor } from '../db/client';
import { changeRequests, tenants } from '../db/schema';
import type { NotificationEvent } from '../notifications';
import { propertyOf } from '../unknown';

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

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

async function tenantName(db: Executor, tenantId: string | null): Promise<string> {
  if (tenantId === null) return 'the platform';
  const [row] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.name ?? tenantId;
}

/**
 * The template variables of an event (docs/notifications.md): a change request's as it stands now, a
 * rollout's from what the trail recorded. Empty where the event has no value.
 */
export async function chatVarsOf(db: Executor, payload: WebhookPayload): Promise<Record<string, string>> {
  const { data } = payload;
  const reason = text(propertyOf(data.changes, 'reason')) || text(propertyOf(data.changes, 'comment'));
  const base = {
    title: `${data.resourceType} ${data.resourceId ?? ''}`.trim(),
    requestId: '',
    requester: data.actor?.email ?? '',
    reviewer: '',
    tenant: await tenantName(db, data.tenantId),
    environment: data.environment ?? '',
    changeCount: '',
    reason,
    link: data.link ?? '',
  };
  if (data.requestId === null) return base;
  const [request] = await db.select().from(changeRequests).where(eq(changeRequests.id, data.requestId));
  if (!request) return base;
  return {
    ...base,
    title: request.title,
    requestId: `#${request.number}`,
    requester: request.requestedBy,
    reviewer: payload.type === 'change_request.filed' ? '' : (data.actor?.email ?? ''),
    environment: request.environment,
    changeCount: String(request.changeCount),
    reason: reason || (request.outcome ?? ''),
  };
}
