import { eq } from 'drizzle-orm';
import type { ChangeRequestDetail } from '../../contract/changes';
import type { Actor, Viewer } from '../auth/viewer';
import type { Database, Transaction } from '../db/client';
import { changeRequests } from '../db/schema';
import { conflict, forbidden } from '../errors';
import { addEvent, applyOrRecordFailure, applyRequest, auditRequest, type ChangeRequestRow } from './apply';
import { itemsOf } from './release-items';
import { approvalWindowAfter } from './reschedule';
import { staleItemOf, StaleChangeError } from './release-run';
import { whyNotSecondPerson } from './four-eyes';
import { assertStatus, closeRequest, onRequest, touched, type Caller } from './request-writes';
import { approvalState, isAuthor } from './request-rows';
import { mayReview, reviewRefusal } from './reviewers';

/* Reviews of a change request: approving, rejecting, and a global administrator's bypass of them. */

function assertMayReview(viewer: Viewer, request: ChangeRequestRow, doing: 'approve' | 'reject'): void {
  // The requester first: whatever their role, four eyes means someone else.
  if (isAuthor(viewer, request)) {
    throw forbidden(
      doing === 'approve'
        ? 'You cannot approve your own change request: another person must'
        : 'You cannot reject your own change request: cancel it instead',
    );
  }
  if (!mayReview(viewer, request)) throw forbidden(reviewRefusal(request, doing));
}

/**
 * Applies a request made this instant: its refusal (naming the change, which the dry run before it
 * almost always caught) is the creator's answer (400/409), nothing kept.
 */
export function applyNow(
  tx: Transaction,
  row: ChangeRequestRow,
  actor: Actor,
  via: 'bypass' | 'no approval required',
): Promise<void> {
  return applyRequest(tx, row, actor, via);
}

/** Refuses to act on a set one of whose targets moved on since its diff was made. */
export async function assertSetFresh(tx: Transaction, request: ChangeRequestRow, actor: Actor) {
  const stale = await staleItemOf(tx, await itemsOf(tx, request.id), actor);
  if (stale) throw new StaleChangeError(stale.position);
}

/** A global administrator's bypass of a new request's reviews, with their reason: it applies at once. */
export async function bypassReviews(
  tx: Transaction,
  row: ChangeRequestRow,
  actor: Actor,
  reason: string,
  requiredApprovals: number,
): Promise<void> {
  await tx.update(changeRequests).set({ bypassReason: reason }).where(eq(changeRequests.id, row.id));
  await addEvent(tx, row, 'bypass', actor, reason);
  await auditRequest(tx, actor, 'bypass', row, { reason, requiredApprovals });
  await applyNow(tx, row, actor, 'bypass');
}

/**
 * Approves a request. The approval that completes the count applies it at once, or marks it scheduled
 * when it has a time; applying can still fail (a rule that stopped holding), which the request records.
 */
export async function approveChangeRequest(
  db: Database,
  id: string,
  comment: string | undefined,
  caller: Caller,
): Promise<ChangeRequestDetail> {
  const { viewer } = caller;
  return onRequest(db, id, caller, async (tx, request, actor) => {
    assertStatus(request, ['pending'], 'approved');
    assertMayReview(viewer, request, 'approve');
    const notSecond = await whyNotSecondPerson(tx, viewer, request);
    if (notSecond) throw forbidden(notSecond);
    const state = await approvalState(tx, request, viewer);
    if (state.mine) throw conflict('You have already approved this change request');
    const completes = state.approvals + 1 >= request.requiredApprovals && request.scheduledAt === null;
    // An approval that applies the set checks each change's freshness as it applies it (release-run.ts).
    if (!completes) await assertSetFresh(tx, request, actor);
    await addEvent(tx, request, 'approve', actor, comment ?? null);
    await auditRequest(tx, actor, 'approve', request, comment ? { comment } : {});
    await tx
      .update(changeRequests)
      .set({ ...touched(), ...approvalWindowAfter(request) })
      .where(eq(changeRequests.id, request.id));
    if (state.approvals + 1 < request.requiredApprovals) return;
    if (request.scheduledAt !== null) {
      await tx.update(changeRequests).set({ status: 'scheduled' }).where(eq(changeRequests.id, request.id));
      await auditRequest(tx, actor, 'schedule', request, {
        scheduledAt: request.scheduledAt,
        timeZone: request.scheduleTimeZone,
      });
      return;
    }
    await applyOrRecordFailure(tx, request, actor, 'approval');
  });
}

export async function rejectChangeRequest(
  db: Database,
  id: string,
  comment: string,
  caller: Caller,
): Promise<ChangeRequestDetail> {
  return onRequest(db, id, caller, async (tx, request, actor) => {
    assertStatus(request, ['pending', 'scheduled'], 'rejected');
    assertMayReview(caller.viewer, request, 'reject');
    await closeRequest(tx, request, actor, 'rejected', comment);
  });
}
