import { isEnvironment } from '../../contract/common';
import { loadViewer, type Viewer } from '../auth/viewer';
import type { Database } from '../db/client';
import { maySee } from '../events/visibility';
import { findPublicUser } from '../users/service-accounts';
import { advance, failed, movedTo, positionOf, dueAt } from './cursor';
import { deliver, type Subscription } from './deliveries';
import { environmentOf, liveEventOf, outboxAfter, typesTake, type OutboxEvent } from './events';
import { mayManage } from './service';
import { leaseEnd, type WebhookSettings } from './settings';

/** Events one claim of a webhook, Slack or Teams subscription sends at most. */
export const EVENT_BATCH = 50;

/** Whether this subscription sends the event: its types, tenant, environments and its owner's rights. */
function takes(sub: Subscription, owner: Viewer, event: OutboxEvent, settings: WebhookSettings): boolean {
  if (!typesTake(sub.eventTypes, event.action)) return false;
  if (sub.tenantId !== null && event.tenantId !== sub.tenantId) return false;
  if (sub.environments !== null) {
    const environment = environmentOf(event.changes === null ? null : safeParse(event.changes));
    if (!isEnvironment(environment) || !sub.environments.includes(environment)) return false;
  }
  return maySee(owner, liveEventOf(event), settings.openTypes());
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The owner's rights now, read again for every batch; none for a disabled owner, nor for one who no longer
 * manages the subscription (a tenant owner made a member): the right to make it is the right to keep it
 * sending, as a member may see that events happen but not what they changed.
 */
export async function ownerOf(db: Database, sub: Subscription): Promise<Viewer | undefined> {
  const user = await findPublicUser(db, sub.ownerId);
  if (!user || user.status !== 'active') return undefined;
  const owner = await loadViewer(db, user, `webhook:${sub.id}`);
  return mayManage(owner, sub.tenantId) ? owner : undefined;
}

/**
 * Sends one claimed subscription's next events one by one, in order, stopping at the first failure.
 * Events it does not take are passed over; how far is written once, before the next send or at the end
 * (fenced on the cursor like every write here).
 */
export async function runEvents(db: Database, sub: Subscription, settings: WebhookSettings): Promise<void> {
  let position = positionOf(sub);
  const events = await outboxAfter(db, position.cursor, EVENT_BATCH);
  const owner = await ownerOf(db, sub);
  let passed = position.cursor;
  for (const event of events) {
    if (owner === undefined || !takes(sub, owner, event, settings)) {
      passed = event.seq;
      continue;
    }
    if (passed !== position.cursor) {
      if (!(await advance(db, sub.id, position.cursor, passed, leaseEnd(settings)))) return;
      position = movedTo(passed);
    }
    const outcome = await deliver(db, sub, event, settings, position.attempts + 1);
    const lagSeconds = (Date.now() - Date.parse(event.createdAt)) / 1000;
    settings.observe?.({ kind: sub.kind, ok: outcome.ok, lagSeconds });
    if (!outcome.ok) return failed(db, sub, position, outcome.error, settings);
    if (!(await advance(db, sub.id, position.cursor, event.seq, leaseEnd(settings)))) return;
    position = movedTo(event.seq);
    passed = event.seq;
  }
  const now = new Date().toISOString();
  // Done for now: due again at once (a full batch likely left more), else on the next pass.
  if (passed !== position.cursor) await advance(db, sub.id, position.cursor, passed, now);
  else await dueAt(db, sub.id, position.cursor, now);
}
