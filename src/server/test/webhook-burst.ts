import { max } from 'drizzle-orm';
import { recordAudit } from '../audit/service';
import type { Database } from '../db/client';
import { auditEvents, webhookSubscriptions } from '../db/schema';
import { newWebhookSecret } from '../webhooks/signing';
import type { Received } from './webhook-receiver';

/*
 * A burst of audit events for the webhook fault tests and benchmark: a subscription from the trail's end,
 * tenant updates numbered in `changes.n`, and what a receiver made of them.
 */

/** Polls until `done` holds, at most `ms`: tests wait on a condition, never on the clock alone. */
export async function until(done: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
  return done();
}

/** A subscription of user-1 (an administrator in the fixtures) to tenant updates, from the trail's end. */
export async function subscribeFromTrailEnd(db: Database, id: string, url: string): Promise<void> {
  const [end] = await db.select({ seq: max(auditEvents.seq) }).from(auditEvents);
  await db.insert(webhookSubscriptions).values({
    id,
    ownerId: 'user-1',
    url,
    eventTypes: ['audit.tenant.update'],
    secret: newWebhookSecret(),
    cursor: end?.seq ?? 0,
  });
}

/** Commits `events` tenant updates numbered 0 to events - 1, 50 a transaction. */
export async function writeBurst(db: Database, events: number): Promise<void> {
  for (let first = 0; first < events; first += 50) {
    await db.transaction(async (tx) => {
      for (let n = first; n < Math.min(events, first + 50); n += 1) {
        await recordAudit(tx, null, {
          action: 'tenant.update',
          resourceType: 'tenant',
          resourceId: 'tenant-001',
          tenantId: 'tenant-001',
          changes: { n },
        });
      }
    });
  }
}

/** What a burst's receiver got, in the terms of docs/webhooks.md's delivery promise. */
export interface Arrivals {
  /** Event numbers (`changes.n`) in the order of their first accepted arrival. */
  firsts: number[];
  /** Accepted requests beyond the first of each event. */
  duplicates: number;
  /** First arrivals that came after a later event's first arrival. */
  outOfOrder: number;
  /** Events that arrived under more than one `webhook-id` (a duplicate must be a retry: one id). */
  mixedIds: number;
  /** Requests answered 2xx. */
  accepted: number;
}

/** The event number a burst put in `changes.n`. */
export const numberOf = (body: string): number =>
  (JSON.parse(body) as { data: { changes: { n: number } } }).data.changes.n;

/** Sorts a receiver's requests into first arrivals, duplicates and order (accepted ones only). */
export function arrivalsOf(received: Received[]): Arrivals {
  const accepted = received.filter((r) => r.status < 300);
  const firsts: number[] = [];
  const ids = new Map<number, Set<string>>();
  let outOfOrder = 0;
  let highest = -1;
  for (const request of accepted) {
    const n = numberOf(request.body);
    const seen = ids.get(n);
    ids.set(n, (seen ?? new Set<string>()).add(String(request.headers['webhook-id'])));
    if (seen) continue;
    if (n < highest) outOfOrder += 1;
    highest = Math.max(highest, n);
    firsts.push(n);
  }
  return {
    firsts,
    duplicates: accepted.length - firsts.length,
    outOfOrder,
    mixedIds: [...ids.values()].filter((set) => set.size > 1).length,
    accepted: accepted.length,
  };
}

/** How many distinct events were accepted so far. */
export const deliveredCount = (received: Received[]): number =>
  new Set(received.filter((r) => r.status < 300).map((r) => numberOf(r.body))).size;
