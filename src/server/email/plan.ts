import { eq } from 'drizzle-orm';
import type { NotificationPreferenceKind } from '../../contract/notification-preferences';
import type { Executor } from '../db/client';
import { capabilities, changeRequests, microfrontends, rollouts } from '../db/schema';
import { changeRequestLink, deploymentsLink } from '../notifications/links';
import type { NotificationEvent } from '../notifications/events';
import {
  reasonOf,
  recordedText,
  requestVars,
  tenantName,
  type NotificationVars,
} from '../notifications/vars';
import { requesterOf, reviewersOf, rolloutRecipients, type Recipient } from './recipients';

/** An audit event as the mailer reads it off the trail. */
export interface TrailEvent {
  seq: number;
  action: string;
  resourceId: string | null;
  tenantId: string | null;
  actorEmail: string | null;
  changes: string | null;
  createdAt: string;
}

/** What one audit event sends: which notification, to whom, with which values. */
export interface Plan {
  event: NotificationEvent;
  kind: NotificationPreferenceKind;
  recipients: Recipient[];
  vars: NotificationVars;
}

/** The audit actions that mail someone, and what they send (docs/notifications.md, "Who gets what"). */
const REQUEST_ACTIONS: Record<string, NotificationEvent> = {
  'change_request.create': 'change_request.awaiting_review',
  'change_request.refresh': 'change_request.awaiting_review',
  'change_request.reopen': 'change_request.awaiting_review',
  'change_request.approve': 'change_request.approved',
  'change_request.reject': 'change_request.rejected',
  'change_request.apply': 'change_request.applied',
  'change_request.fail': 'change_request.failed',
  'change_request.revert': 'change_request.rolled_back',
};
export const ROLLOUT_ROLLED_BACK_ACTION = 'deployment.rollout_rolled_back';
/** Every audit action whose event may mail someone: the only ones the mailer reads off the trail. */
export const MAILING_ACTIONS = [...Object.keys(REQUEST_ACTIONS), ROLLOUT_ROLLED_BACK_ACTION];

function recorded(changes: string | null): unknown {
  try {
    return changes === null ? null : JSON.parse(changes);
  } catch {
    return null;
  }
}

async function requestPlan(
  db: Executor,
  trail: TrailEvent,
  event: NotificationEvent,
  publicUrl: string,
): Promise<Plan | undefined> {
  if (trail.resourceId === null) return undefined;
  const [request] = await db.select().from(changeRequests).where(eq(changeRequests.id, trail.resourceId));
  if (!request) return undefined;
  const awaiting = event === 'change_request.awaiting_review';
  // Read now, not when it was filed: a request approved or closed since waits for no one.
  if (awaiting && request.status !== 'pending') return undefined;
  const changes = recorded(trail.changes);
  return {
    event,
    kind: awaiting ? 'awaitingReview' : 'myRequests',
    recipients: awaiting ? await reviewersOf(db, request) : await requesterOf(db, request),
    vars: await requestVars(db, request, {
      reviewer: awaiting ? '' : (trail.actorEmail ?? ''),
      reason: reasonOf(changes),
      link: changeRequestLink(publicUrl, request.id),
    }),
  };
}

async function resourceName(db: Executor, kind: string, id: string): Promise<string> {
  const table = kind === 'capability' ? capabilities : microfrontends;
  const [row] = await db.select({ name: table.name }).from(table).where(eq(table.id, id));
  return row?.name ?? id;
}

async function rolloutPlan(db: Executor, trail: TrailEvent, publicUrl: string): Promise<Plan | undefined> {
  const changes = recorded(trail.changes);
  const rolloutId = recordedText(changes, 'rolloutId');
  const resourceKind = recordedText(changes, 'kind');
  if (trail.resourceId === null || rolloutId === '') return undefined;
  const [rollout] = await db
    .select({ startedBy: rollouts.startedBy })
    .from(rollouts)
    .where(eq(rollouts.id, rolloutId));
  const environment = recordedText(changes, 'environment');
  return {
    event: 'rollout.rolled_back',
    kind: 'rolloutRolledBack',
    recipients: await rolloutRecipients(db, {
      id: rolloutId,
      resourceKind,
      resourceId: trail.resourceId,
      startedBy: rollout?.startedBy ?? null,
    }),
    vars: {
      title: `${await resourceName(db, resourceKind, trail.resourceId)} (${resourceKind})`,
      requestId: '',
      requester: rollout?.startedBy ?? '',
      reviewer: '',
      tenant: await tenantName(db, trail.tenantId),
      environment,
      changeCount: '',
      reason: recordedText(changes, 'reason'),
      link: deploymentsLink(publicUrl),
    },
  };
}

/** What an audit event sends, if anything. */
export async function planOf(db: Executor, trail: TrailEvent, publicUrl: string): Promise<Plan | undefined> {
  const requestEvent = REQUEST_ACTIONS[trail.action];
  if (requestEvent) return requestPlan(db, trail, requestEvent, publicUrl);
  if (trail.action === ROLLOUT_ROLLED_BACK_ACTION) return rolloutPlan(db, trail, publicUrl);
  return undefined;
}
