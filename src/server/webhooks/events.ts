import { and, asc, gt, isNotNull } from 'drizzle-orm';
import {
  ALL_WEBHOOK_EVENTS,
  AUDIT_EVENT_PREFIX,
  namedEventActions,
  namedWebhookEventTypes,
  type NamedWebhookEventType,
  type WebhookPayload,
} from '../../contract/webhooks';
import type { LiveEvent } from '../../contract/events';
import type { Executor } from '../db/client';
import { auditEvents } from '../db/schema';
import { feedColumns } from '../events/audit-feed-rows';
import { propertyOf } from '../unknown';

/** An audit event as a webhook sends it: the trail's row, in commit order. */
export interface OutboxEvent {
  seq: number;
  action: string;
  resourceType: string;
  resourceId: string | null;
  tenantId: string | null;
  actorId: string | null;
  actorEmail: string | null;
  actorTokenName: string | null;
  changes: string | null;
  createdAt: string;
}

const NAMED_BY_ACTION = new Map<string, NamedWebhookEventType>(
  namedWebhookEventTypes.map((type) => [namedEventActions[type], type]),
);

/** The named type of an audit action (change_request.filed for change_request.create), if it has one. */
export const namedTypeOf = (action: string): NamedWebhookEventType | undefined => NAMED_BY_ACTION.get(action);

/** The type a delivery names: the named one where there is one, else audit.<action>. */
export const eventTypeOf = (action: string): string =>
  namedTypeOf(action) ?? `${AUDIT_EVENT_PREFIX}${action}`;

/** Whether a subscription's event types take this action. */
export function typesTake(eventTypes: readonly string[], action: string): boolean {
  if (eventTypes.includes(ALL_WEBHOOK_EVENTS)) return true;
  const named = namedTypeOf(action);
  return (
    eventTypes.includes(`${AUDIT_EVENT_PREFIX}${action}`) ||
    (named !== undefined && eventTypes.includes(named))
  );
}

function parsed(changes: string | null): unknown {
  if (changes === null) return null;
  try {
    return JSON.parse(changes);
  } catch {
    return changes;
  }
}

/** The environment an event concerns, as its recorded changes name it (top level, after or before). */
export function environmentOf(changes: unknown): string | null {
  for (const holder of [changes, propertyOf(changes, 'after'), propertyOf(changes, 'before')]) {
    const environment = propertyOf(holder, 'environment');
    if (typeof environment === 'string') return environment;
  }
  return null;
}

/** The event as the visibility rules of the live stream judge it (events/visibility.ts). */
export const liveEventOf = (event: OutboxEvent): LiveEvent => ({
  id: String(event.seq),
  action: event.action,
  resourceType: event.resourceType,
  resourceId: event.resourceId,
  tenantId: event.tenantId,
  revision: null,
  actor:
    event.actorId === null && event.actorEmail === null
      ? null
      : { id: event.actorId, email: event.actorEmail },
  at: event.createdAt,
});

/** Where the console shows the event's resource, when it has a page of its own. */
function linkOf(event: OutboxEvent, publicUrl: string): string | null {
  if (event.resourceId === null) return null;
  const id = encodeURIComponent(event.resourceId);
  if (event.resourceType === 'change-request') return `${publicUrl}/changes/${id}`;
  if (event.resourceType === 'tenant') return `${publicUrl}/tenant/${id}/control-plane`;
  if (event.tenantId !== null)
    return `${publicUrl}/tenant/${encodeURIComponent(event.tenantId)}/control-plane`;
  return null;
}

/** The body a receiver gets (docs/webhooks.md, "Payload"). */
export function payloadOf(event: OutboxEvent, publicUrl: string): WebhookPayload {
  const changes = parsed(event.changes);
  return {
    type: eventTypeOf(event.action),
    timestamp: event.createdAt,
    data: {
      eventId: String(event.seq),
      action: event.action,
      resourceType: event.resourceType,
      resourceId: event.resourceId,
      tenantId: event.tenantId,
      environment: environmentOf(changes),
      actor:
        event.actorId === null && event.actorEmail === null
          ? null
          : { id: event.actorId, email: event.actorEmail, tokenName: event.actorTokenName },
      requestId: event.resourceType === 'change-request' ? event.resourceId : null,
      changes,
      link: linkOf(event, publicUrl),
    },
  };
}

/** Committed audit events after `seq`, oldest first, at most `limit`. */
export async function outboxAfter(db: Executor, seq: number, limit: number): Promise<OutboxEvent[]> {
  const rows = await db
    .select({
      ...feedColumns,
      actorTokenName: auditEvents.actorTokenName,
      changes: auditEvents.changes,
    })
    .from(auditEvents)
    .where(and(isNotNull(auditEvents.seq), gt(auditEvents.seq, seq)))
    .orderBy(asc(auditEvents.seq))
    .limit(limit);
  return rows.flatMap((row) => (row.seq === null ? [] : [{ ...row, seq: row.seq }]));
}

/** One committed audit event by its seq, if the trail still holds it. */
export async function outboxAt(db: Executor, seq: number): Promise<OutboxEvent | undefined> {
  const [event] = await outboxAfter(db, seq - 1, 1);
  return event?.seq === seq ? event : undefined;
}
