import { eq } from 'drizzle-orm';
import type {
  ChangeRequest,
  ChangeRequestDetail,
  CreateChangeRequestBody,
  Schedule,
} from '../../contract/changes';
import { actorOf, type Actor, type Viewer } from '../auth/viewer';
import type { Database, Transaction } from '../db/client';
import { changeRequests } from '../db/schema';
import { addEvent, auditRequest, dryRun, type ChangeRequestRow } from './apply';
import { handlerOf, type ChangeTarget } from './kinds';
import { rescheduleRequest } from './reschedule';
import {
  assertMayRequest,
  assertStatus,
  assertSteward,
  closeRequest,
  onRequest,
  scheduledInstant,
  touched,
  type Caller,
} from './request-writes';
import { summaryOf } from './request-rows';
import { assertMayBypass, requiredApprovalsOf } from './reviewers';
import { applyNow, bypassReviews } from './reviews';

/* A change request's life as its requester (or a steward) drives it: made, cancelled, refreshed, scheduled, commented. */

/** Writes a new request's row, with its first event and audit event. */
async function insertRequest(
  tx: Transaction,
  body: CreateChangeRequestBody,
  viewer: Viewer,
  actor: Actor,
  made: { target: ChangeTarget; required: number; scheduledAt: string | null },
): Promise<ChangeRequestRow> {
  const { change } = body;
  const snapshot = await handlerOf(change).snapshot(tx, change);
  const [row] = await tx
    .insert(changeRequests)
    .values({
      tenantId: made.target.scope,
      environment: made.target.environment,
      kind: change.kind,
      title: body.title ?? made.target.title,
      description: body.description ?? null,
      change,
      diff: snapshot.diff,
      baseFingerprint: snapshot.fingerprint,
      requiredApprovals: made.required,
      requestedById: viewer.user.id,
      requestedBy: viewer.user.email,
      requestedTokenId: viewer.token?.id ?? null,
      scheduledAt: made.scheduledAt,
      scheduleTimeZone: body.schedule?.timeZone ?? null,
    })
    .returning();
  if (!row) throw new Error('Insert returned no row');
  await addEvent(tx, row, 'request', actor, body.description ?? null);
  await auditRequest(tx, actor, 'create', row, { title: row.title, requiredApprovals: made.required });
  return row;
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
    const row = await insertRequest(tx, body, viewer, actor, { target, required, scheduledAt });
    if (body.bypassReason !== undefined) {
      await bypassReviews(tx, row, actor, body.bypassReason, required);
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

/** The requester, or a reviewer of the tenant, may cancel until the request runs. */
export async function cancelChangeRequest(
  db: Database,
  id: string,
  caller: Caller,
): Promise<ChangeRequestDetail> {
  return onRequest(db, id, caller, async (tx, request, actor) => {
    assertStatus(request, ['pending', 'scheduled'], 'cancelled');
    assertSteward(caller.viewer, request, 'cancel');
    await closeRequest(tx, request, actor, 'cancelled');
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
  return onRequest(db, id, caller, async (tx, request, actor) => {
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
  const scheduledAt = scheduledInstant(schedule, 'body.schedule.localTime');
  return onRequest(db, id, caller, async (tx, request, actor) => {
    assertStatus(request, ['pending', 'scheduled'], 'rescheduled');
    assertSteward(caller.viewer, request, 'schedule');
    await rescheduleRequest(tx, request, schedule, scheduledAt, actor);
  });
}

export async function commentOnChangeRequest(
  db: Database,
  id: string,
  body: string,
  caller: Caller,
): Promise<ChangeRequestDetail> {
  return onRequest(db, id, { ...caller, expectedRevision: undefined }, async (tx, request, actor) => {
    await addEvent(tx, request, 'comment', actor, body);
    await tx.update(changeRequests).set(touched()).where(eq(changeRequests.id, request.id));
    await auditRequest(tx, actor, 'comment', request);
  });
}
