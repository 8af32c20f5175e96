import { eq, sql } from 'drizzle-orm';
import type {
  ChangeRequest,
  ChangeRequestDetail,
  CreateChangeRequestBody,
  Schedule,
} from '../../contract/changes';
import { instantOfLocalTime } from '../../contract/time-zone';
import { actorOf, viewerCan, type Actor, type Viewer } from '../auth/viewer';
import type { Database, Transaction } from '../db/client';
import { changeRequests } from '../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../errors';
import { assertRevision, nextRevision, revisionMatches, type ExpectedRevision } from '../revisions';
import {
  addEvent,
  applyOrRecordFailure,
  applyRequest,
  assertFresh,
  auditRequest,
  dryRun,
  inChange,
  StaleChangeError,
  type ChangeRequestRow,
} from './apply';
import { handlerOf, type ChangeTarget } from './kinds';
import { rescheduleRequest } from './reschedule';
import { assertMayBypass, mayReview, requiredApprovalsOf, reviewRefusal } from './reviewers';
import { approvalState, isAuthor, lockRequest, summaryOf } from './request-rows';
import { getChangeRequest } from './reads';

/** Who acts on a request, from where, and the revision they last read (If-Match), when they sent one. */
export interface Caller {
  viewer: Viewer;
  ip?: string;
  expectedRevision?: ExpectedRevision;
}

/** The instant a schedule names; a time not in the future is refused, naming the field. */
function scheduledInstant(schedule: Schedule, path: string): string {
  const instant = instantOfLocalTime(schedule.localTime, schedule.timeZone);
  if (!instant || Date.parse(instant) <= Date.now()) {
    const message = `The scheduled time must be in the future (${schedule.timeZone})`;
    throw badRequest(message, [{ path, message }]);
  }
  return instant;
}

/**
 * May the viewer ask for this change? Its endpoint's tenant action, or a global administrator. A tenant
 * the viewer cannot even read is not found (404), as on every other route, so tenant ids cannot be probed;
 * a tenant they see but may not change is a 403.
 */
function assertMayRequest(viewer: Viewer, target: ChangeTarget): void {
  if (!viewer.isAdmin && target.scope !== null && !viewerCan(viewer, target.scope, 'read')) {
    throw notFound('Tenant');
  }
  const allowed =
    viewer.isAdmin ||
    (target.scope !== null && target.action !== null && viewerCan(viewer, target.scope, target.action));
  if (!allowed) {
    throw forbidden(
      target.scope === null
        ? 'Only global administrators can request platform changes'
        : 'Your role in this tenant does not allow this change',
    );
  }
}

/**
 * Asks for a change. With a bypass reason (global administrators) or a policy asking for no approval and
 * no schedule, it applies at once, in this transaction; otherwise it waits for approvals, its rules
 * already checked by a dry run so that a request that cannot apply is refused now.
 */
export async function createChangeRequest(
  db: Database,
  body: CreateChangeRequestBody,
  viewer: Viewer,
  ip: string | undefined,
): Promise<ChangeRequest> {
  const actor = actorOf(viewer, ip);
  const change = body.change;
  const handler = handlerOf(change);
  const scheduledAt = body.schedule ? scheduledInstant(body.schedule, 'body.schedule.localTime') : null;
  if (body.bypassReason !== undefined) assertMayBypass(viewer, change);
  const id = await db.transaction(async (tx) => {
    const target = await handler.target(tx, change);
    assertMayRequest(viewer, target);
    const required = await requiredApprovalsOf(tx, change, target);
    const snapshot = await handler.snapshot(tx, change);
    const [row] = await tx
      .insert(changeRequests)
      .values({
        tenantId: target.scope,
        environment: target.environment,
        kind: change.kind,
        title: body.title ?? target.title,
        description: body.description ?? null,
        change,
        diff: snapshot.diff,
        baseFingerprint: snapshot.fingerprint,
        requiredApprovals: required,
        requestedById: viewer.user.id,
        requestedBy: viewer.user.email,
        scheduledAt,
        scheduleTimeZone: body.schedule?.timeZone ?? null,
      })
      .returning();
    if (!row) throw new Error('Insert returned no row');
    await addEvent(tx, row, 'request', actor, body.description ?? null);
    await auditRequest(tx, actor, 'create', row, { title: row.title, requiredApprovals: required });
    if (body.bypassReason !== undefined) {
      await tx
        .update(changeRequests)
        .set({ bypassReason: body.bypassReason })
        .where(eq(changeRequests.id, row.id));
      await addEvent(tx, row, 'bypass', actor, body.bypassReason);
      await auditRequest(tx, actor, 'bypass', row, {
        reason: body.bypassReason,
        requiredApprovals: required,
      });
      await applyNow(tx, row, actor, 'bypass');
    } else if (required === 0 && scheduledAt === null) {
      await applyNow(tx, row, actor, 'no approval required');
    } else {
      await dryRun(tx, change, actor);
      if (required === 0) {
        await tx.update(changeRequests).set({ status: 'scheduled' }).where(eq(changeRequests.id, row.id));
      }
    }
    return row.id;
  });
  return summaryOf(db, id);
}

/** Applies a request made this instant: its refusal is the creator's answer (400/409), nothing kept. */
async function applyNow(
  tx: Transaction,
  row: ChangeRequestRow,
  actor: Actor,
  via: 'bypass' | 'no approval required',
) {
  try {
    await applyRequest(tx, row, actor, via);
  } catch (error) {
    if (error instanceof AppError && !(error instanceof StaleChangeError)) throw inChange(error);
    throw error;
  }
}

function assertStatus(request: ChangeRequestRow, allowed: ChangeRequestRow['status'][], doing: string): void {
  if (!allowed.includes(request.status)) {
    throw conflict(`Change request #${request.number} is ${request.status}: it cannot be ${doing}`);
  }
}

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

/** The requester, or a reviewer of the tenant, looks after a request until it runs. */
function assertSteward(viewer: Viewer, request: ChangeRequestRow, doing: string): void {
  if (!isAuthor(viewer, request) && !mayReview(viewer, request)) {
    throw forbidden(`Only the requester or a reviewer of the tenant can ${doing} this change request`);
  }
}

/** Runs one write on a locked request, checking If-Match, and answers the request as it is after. */
async function onRequest(
  db: Database,
  id: string,
  { viewer, expectedRevision }: Caller,
  write: (tx: Transaction, request: ChangeRequestRow) => Promise<void>,
): Promise<ChangeRequestDetail> {
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, id, viewer);
    if (!revisionMatches(request.revision, expectedRevision)) {
      // The 412 carries the request as the contract shows it (changeRequestSchema), not the raw row.
      assertRevision(request, expectedRevision, `Change request #${request.number}`, await summaryOf(tx, id));
    }
    await write(tx, request);
  });
  return getChangeRequest(db, id, viewer);
}

const touched = () => ({ updatedAt: sql`now()`, revision: nextRevision(changeRequests.revision) });

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
  const actor = actorOf(viewer, caller.ip);
  return onRequest(db, id, caller, async (tx, request) => {
    assertStatus(request, ['pending'], 'approved');
    assertMayReview(viewer, request, 'approve');
    const state = await approvalState(tx, request, viewer);
    if (state.mine) throw conflict('You have already approved this change request');
    await assertFresh(tx, request);
    await addEvent(tx, request, 'approve', actor, comment ?? null);
    await auditRequest(tx, actor, 'approve', request, comment ? { comment } : {});
    await tx.update(changeRequests).set(touched()).where(eq(changeRequests.id, request.id));
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
  const { viewer } = caller;
  const actor = actorOf(viewer, caller.ip);
  return onRequest(db, id, caller, async (tx, request) => {
    assertStatus(request, ['pending', 'scheduled'], 'rejected');
    assertMayReview(viewer, request, 'reject');
    await tx
      .update(changeRequests)
      .set({ status: 'rejected', ...touched() })
      .where(eq(changeRequests.id, request.id));
    await addEvent(tx, request, 'reject', actor, comment);
    await auditRequest(tx, actor, 'reject', request, { comment });
  });
}

/** The requester, or a reviewer of the tenant, may cancel until the request runs. */
export async function cancelChangeRequest(
  db: Database,
  id: string,
  caller: Caller,
): Promise<ChangeRequestDetail> {
  const { viewer } = caller;
  const actor = actorOf(viewer, caller.ip);
  return onRequest(db, id, caller, async (tx, request) => {
    assertStatus(request, ['pending', 'scheduled'], 'cancelled');
    assertSteward(viewer, request, 'cancel');
    await tx
      .update(changeRequests)
      .set({ status: 'cancelled', ...touched() })
      .where(eq(changeRequests.id, request.id));
    await addEvent(tx, request, 'cancel', actor);
    await auditRequest(tx, actor, 'cancel', request);
  });
}

/**
 * Remakes the diff on the live state, for a request gone stale: a new round starts, so earlier
 * approvals (of the old diff) no longer count, and a scheduled request waits for approvals again.
 */
export async function refreshChangeRequest(
  db: Database,
  id: string,
  caller: Caller,
): Promise<ChangeRequestDetail> {
  const { viewer } = caller;
  const actor = actorOf(viewer, caller.ip);
  return onRequest(db, id, caller, async (tx, request) => {
    assertStatus(request, ['pending', 'scheduled'], 'refreshed');
    const change = request.change;
    const handler = handlerOf(change);
    const target = await handler.target(tx, change);
    assertSteward(viewer, request, 'refresh');
    assertMayRequest(viewer, target);
    const snapshot = await handler.snapshot(tx, change);
    await dryRun(tx, change, actor);
    const required = await requiredApprovalsOf(tx, change, target);
    const round = request.round + 1;
    await tx
      .update(changeRequests)
      .set({
        diff: snapshot.diff,
        baseFingerprint: snapshot.fingerprint,
        round,
        requiredApprovals: required,
        status: required === 0 && request.scheduledAt !== null ? 'scheduled' : 'pending',
        ...touched(),
      })
      .where(eq(changeRequests.id, request.id));
    await addEvent(tx, { id: request.id, round }, 'refresh', actor);
    await auditRequest(tx, actor, 'refresh', request, { round });
  });
}

/**
 * Sets or moves the time a request applies. Moving an approved time earlier, or much later, asks for
 * approval again (reschedule.ts).
 */
export async function scheduleChangeRequest(
  db: Database,
  id: string,
  schedule: Schedule,
  caller: Caller,
): Promise<ChangeRequestDetail> {
  const { viewer } = caller;
  const actor = actorOf(viewer, caller.ip);
  const scheduledAt = scheduledInstant(schedule, 'body.schedule.localTime');
  return onRequest(db, id, caller, async (tx, request) => {
    assertStatus(request, ['pending', 'scheduled'], 'rescheduled');
    assertSteward(viewer, request, 'schedule');
    await rescheduleRequest(tx, request, schedule, scheduledAt, actor);
  });
}

export async function commentOnChangeRequest(
  db: Database,
  id: string,
  body: string,
  caller: Caller,
): Promise<ChangeRequestDetail> {
  const actor = actorOf(caller.viewer, caller.ip);
  return onRequest(db, id, { ...caller, expectedRevision: undefined }, async (tx, request) => {
    await addEvent(tx, request, 'comment', actor, body);
    await tx.update(changeRequests).set(touched()).where(eq(changeRequests.id, request.id));
    await auditRequest(tx, actor, 'comment', request);
  });
}
