import { eq, sql } from 'drizzle-orm';
import { RESCHEDULE_TOLERANCE_HOURS, type Schedule } from '../../contract/changes';
import type { Actor } from '../auth/viewer';
import type { Transaction } from '../db/client';
import { changeRequests } from '../db/schema';
import { nextRevision } from '../revisions';
import { addEvent, auditRequest, type ChangeRequestRow } from './apply';
import { roundApprovers } from './reviewers';

const TOLERANCE_MS = RESCHEDULE_TOLERANCE_HOURS * 3_600_000;

/** The window a round's approvals hold for, once one of them was given (see approvalWindowAfter). */
type Window = { from: string | null; until: number; moment: boolean };

function outsideWindow({ from, until, moment }: Window, next: string): string | null {
  const at = Date.parse(next);
  if (from !== null && at < Date.parse(from)) return 'earlier than the approved time';
  if (at > until) {
    return `more than ${RESCHEDULE_TOLERANCE_HOURS} hours later than the approved ${moment ? 'moment (when approved)' : 'time'}`;
  }
  return null;
}

/**
 * The window after one more approval of `request`'s round: it saw the request's time (or this moment,
 * without one). Each approval narrows it: later than the latest time one of them saw, and within the
 * tolerance of the earliest. A move kept within it leaves it as it was, so moves cannot add up.
 */
export function approvalWindowAfter(
  request: Pick<ChangeRequestRow, 'scheduledAt' | 'approvedFrom' | 'approvedUntil'>,
  now = Date.now(),
): { approvedFrom: string; approvedUntil: string } {
  const seen = request.scheduledAt === null ? now : Date.parse(request.scheduledAt);
  const from = request.approvedFrom === null ? seen : Math.max(Date.parse(request.approvedFrom), seen);
  const until = Math.min(
    request.approvedUntil === null ? Infinity : Date.parse(request.approvedUntil),
    seen + TOLERANCE_MS,
  );
  return { approvedFrom: new Date(from).toISOString(), approvedUntil: new Date(until).toISOString() };
}

/**
 * Why moving an approved `request` to `next` voids its approvals, or null when they still hold. They
 * approved the change at its time (or, without one, at the approval's moment): earlier is a change they
 * did not see, and so is much later (another day, another maintenance window).
 */
function movedOutsideApprovals(request: ChangeRequestRow, next: string, now = Date.now()): string | null {
  const { approvedFrom, approvedUntil, scheduledAt } = request;
  // A request still without a time was approved for the moment of its approvals, not for a time set.
  const moment = scheduledAt === null;
  if (approvedFrom === null || approvedUntil === null) {
    // Approved before windows were kept: from its current time, or from now for a request with none.
    const base = scheduledAt === null ? now : Date.parse(scheduledAt);
    return outsideWindow({ from: scheduledAt, until: base + TOLERANCE_MS, moment }, next);
  }
  return outsideWindow({ from: approvedFrom, until: Date.parse(approvedUntil), moment }, next);
}

/**
 * Sets or moves the time a locked request applies. A move outside what was approved (see
 * movedOutsideApprovals) voids the approvals: a new round starts, an approved request waits for approval
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
    request.requiredApprovals > 0 && approved ? movedOutsideApprovals(request, scheduledAt) : null;
  const round = beyond ? request.round + 1 : request.round;
  await tx
    .update(changeRequests)
    .set({
      scheduledAt,
      scheduleTimeZone: schedule.timeZone,
      round,
      ...(beyond ? { status: 'pending', approvedFrom: null, approvedUntil: null } : {}),
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
