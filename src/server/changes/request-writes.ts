import { eq, sql } from 'drizzle-orm';
import type { ChangeRequestDetail, Schedule } from '../../contract/changes';
import { instantOfLocalTime } from '../../contract/time-zone';
import { actorOf, type Actor, type Viewer } from '../auth/viewer';
import type { Database, Transaction } from '../db/client';
import { changeRequests } from '../db/schema';
import { badRequest, conflict, forbidden } from '../errors';
import { assertRevision, nextRevision, revisionMatches, type ExpectedRevision } from '../revisions';
import { addEvent, auditRequest, type ChangeRequestRow } from './apply';
import { getChangeRequest } from './reads';
import { isSteward, lockRequest, summaryOf } from './request-rows';

export { assertMayRequest } from './may-request';

/* What the writes on change requests share: who acts, the rules of who may act when, the locked write. */

/** Who acts on a request, from where, and the revision they last read (If-Match), when they sent one. */
export interface Caller {
  viewer: Viewer;
  ip?: string;
  expectedRevision?: ExpectedRevision;
}

/** The instant a schedule names; a time not in the future is refused, naming the field. */
export function scheduledInstant(schedule: Schedule, path: string): string {
  const instant = instantOfLocalTime(schedule.localTime, schedule.timeZone);
  if (!instant || Date.parse(instant) <= Date.now()) {
    const message = `The scheduled time must be in the future (${schedule.timeZone})`;
    throw badRequest(message, [{ path, message }]);
  }
  return instant;
}

export function assertStatus(
  request: ChangeRequestRow,
  allowed: ChangeRequestRow['status'][],
  doing: string,
): void {
  if (!allowed.includes(request.status)) {
    throw conflict(`Change request #${request.number} is ${request.status}: it cannot be ${doing}`);
  }
}

/** The requester, or a reviewer of the tenant, looks after a request until it runs; a token, its own. */
export function assertSteward(viewer: Viewer, request: ChangeRequestRow, doing: string): void {
  if (isSteward(viewer, request)) return;
  throw forbidden(
    viewer.token
      ? `An API token can ${doing} only the change requests filed with this token`
      : `Only the requester or a reviewer of the tenant can ${doing} this change request`,
  );
}

/** A write on a request's row: its updatedAt and its revision move on. */
export const touched = () => ({ updatedAt: sql`now()`, revision: nextRevision(changeRequests.revision) });

/**
 * Runs one write on a locked request as the caller (checking If-Match), and answers the request as it
 * is after.
 */
export async function onRequest(
  db: Database,
  id: string,
  caller: Caller,
  write: (tx: Transaction, request: ChangeRequestRow, actor: Actor) => Promise<void>,
): Promise<ChangeRequestDetail> {
  const { viewer, expectedRevision } = caller;
  const actor = actorOf(viewer, caller.ip);
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, id, viewer);
    if (!revisionMatches(request.revision, expectedRevision)) {
      // The 412 carries the request as the contract shows it (changeRequestSchema), not the raw row.
      assertRevision(request, expectedRevision, `Change request #${request.number}`, await summaryOf(tx, id));
    }
    await write(tx, request, actor);
  });
  return getChangeRequest(db, id, viewer);
}

/** Ends a request before it runs (rejected with a reason, or cancelled): status, timeline, audit event. */
export async function closeRequest(
  tx: Transaction,
  request: ChangeRequestRow,
  actor: Actor,
  status: 'rejected' | 'cancelled',
  comment?: string,
): Promise<void> {
  const event = status === 'rejected' ? 'reject' : 'cancel';
  await tx
    .update(changeRequests)
    .set({ status, ...touched() })
    .where(eq(changeRequests.id, request.id));
  await addEvent(tx, request, event, actor, comment ?? null);
  await auditRequest(tx, actor, event, request, comment === undefined ? {} : { comment });
}
