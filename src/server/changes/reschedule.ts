import { eq, sql } from 'drizzle-orm';
import { RESCHEDULE_TOLERANCE_HOURS, type Schedule } from '../../contract/changes';
import type { Actor } from '../auth/viewer';
import type { Transaction } from '../db/client';
import { changeRequests } from '../db/schema';
import { nextRevision } from '../revisions';
import { addEvent, auditRequest, type ChangeRequestRow } from './apply';
import { roundApprovers } from './reviewers';

const TOLERANCE_MS = RESCHEDULE_TOLERANCE_HOURS * 3_600_000;

/**
 * Why a new time falls outside what the reviewers approved, or null when it does not. They approved
 * the change at its time (or, without one, now, at the last approval): earlier is a change they did not
 * see, and so is much later (another day, another maintenance window).
 */
export function movedBeyondApproval(
  approvedAt: string | null,
  next: string,
  now = Date.now(),
): string | null {
  const base = approvedAt === null ? now : Date.parse(approvedAt);
  const at = Date.parse(next);
  if (approvedAt !== null && at < base) return 'earlier than the approved time';
  if (at - base > TOLERANCE_MS) {
    return `more than ${RESCHEDULE_TOLERANCE_HOURS} hours later than the approved ${approvedAt === null ? 'moment (when approved)' : 'time'}`;
  }
  return null;
}

/**
 * Sets or moves the time a locked request applies. A move outside what was approved (see
 * movedBeyondApproval) voids the approvals: a new round starts, an approved request waits for approval
 * again, and the timeline and audit log say why (`reopen`). A request with no approval yet, or one that
 * needs none, just takes the new time.
 */
export async function rescheduleRequest(
  tx: Transaction,
  request: ChangeRequestRow,
  schedule: Schedule,
  scheduledAt: string,
  actor: Actor,
): Promise<void> {
  const approved = request.status === 'scheduled' || (await roundApprovers(tx, request)).length > 0;
  const beyond =
    request.requiredApprovals > 0 && approved ? movedBeyondApproval(request.scheduledAt, scheduledAt) : null;
  const round = beyond ? request.round + 1 : request.round;
  await tx
    .update(changeRequests)
    .set({
      scheduledAt,
      scheduleTimeZone: schedule.timeZone,
      round,
      ...(beyond ? { status: 'pending' } : {}),
      updatedAt: sql`now()`,
      revision: nextRevision(changeRequests.revision),
    })
    .where(eq(changeRequests.id, request.id));
  const when = `${schedule.localTime} ${schedule.timeZone}`;
  const recorded = { scheduledAt, timeZone: schedule.timeZone, previous: request.scheduledAt };
  if (beyond) {
    await addEvent(
      tx,
      { id: request.id, round },
      'reopen',
      actor,
      `${when}: ${beyond}; approvals start again`,
    );
    await auditRequest(tx, actor, 'reopen', request, { ...recorded, round, reason: beyond });
    return;
  }
  await addEvent(tx, request, 'schedule', actor, when);
  await auditRequest(tx, actor, 'schedule', request, recorded);
}
