import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { tenants, type changeRequests } from '../db/schema';
import { propertyOf } from '../unknown';
import { oneLine } from './render';

/** A template's values by variable name (docs/notifications.md, "Variables"); empty where an event has none. */
export type NotificationVars = Record<string, string>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A string field of what the audit trail recorded, or empty. */
export const recordedText = (recorded: unknown, key: string): string => text(propertyOf(recorded, key));

/** The reason a reviewer or the system gave, as the trail recorded it. */
export const reasonOf = (recorded: unknown): string =>
  recordedText(recorded, 'reason') || recordedText(recorded, 'comment');

/** A tenant's name for a message; platform-wide events are "the platform". */
export async function tenantName(db: Executor, tenantId: string | null): Promise<string> {
  if (tenantId === null) return 'the platform';
  const [row] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  return row?.name ?? tenantId;
}

/**
 * A change request's values as it stands now, shared by e-mail and chat so both say the same: `reviewer`
 * is who acted (empty while it waits), `reason` falls back to the request's recorded outcome.
 */
export async function requestVars(
  db: Executor,
  request: typeof changeRequests.$inferSelect,
  acted: { reviewer: string; reason: string; link: string },
): Promise<NotificationVars> {
  return {
    // Titles filed before they had to be one line: a line break must not pass for the message's own text.
    title: oneLine(request.title),
    requestId: `#${request.number}`,
    requester: request.requestedBy,
    reviewer: acted.reviewer,
    tenant: await tenantName(db, request.tenantId),
    environment: request.environment,
    changeCount: String(request.changeCount),
    reason: acted.reason || (request.outcome ?? ''),
    link: acted.link,
  };
}
