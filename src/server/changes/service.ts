import { and, count, eq, inArray, isNull, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  Change,
  ChangeRequest,
  ChangeRequestDetail,
  ChangeRequestQuery,
  ChangeSummary,
  CreateChangeRequestBody,
  Schedule,
} from '../../contract/changes';
import { instantOfLocalTime } from '../../contract/time-zone';
import { actorOf, tenantScope, viewerCan, type Actor, type Viewer } from '../auth/viewer';
import type { Database, Transaction } from '../db/client';
import { containsAny, countColumn, orderByFor, pageOf, runList } from '../db/list';
import { changeRequestEvents, changeRequests, tenants } from '../db/schema';
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
import {
  assertMayBypass,
  mayReview,
  requiredApprovalsOf,
  reviewableIn,
  reviewRefusal,
  roundApprovers,
} from './reviewers';

const NOT_FOUND = 'Change request';

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

const mayRead = (viewer: Viewer, request: Pick<ChangeRequestRow, 'tenantId'>): boolean =>
  viewer.isAdmin || (request.tenantId !== null && viewerCan(viewer, request.tenantId, 'read'));

const isAuthor = (viewer: Viewer, request: Pick<ChangeRequestRow, 'requestedById'>): boolean =>
  request.requestedById === viewer.user.id;

/** Reads and locks a request the viewer may see; a request they may not see is not found. */
async function lockRequest(tx: Transaction, id: string, viewer: Viewer): Promise<ChangeRequestRow> {
  const [row] = await tx.select().from(changeRequests).where(eq(changeRequests.id, id)).for('update');
  if (!row || !mayRead(viewer, row)) throw notFound(NOT_FOUND);
  return row;
}

const approvalsOf = (round: SQL | number) =>
  sql<number>`(select count(*)::int from ${changeRequestEvents} e where e.change_request_id = ${changeRequests.id} and e.kind = 'approve' and e.round = ${round})`;

const summaryColumns = {
  id: changeRequests.id,
  number: changeRequests.number,
  tenantId: changeRequests.tenantId,
  tenantName: tenants.name,
  environment: changeRequests.environment,
  kind: changeRequests.kind,
  title: changeRequests.title,
  description: changeRequests.description,
  status: changeRequests.status,
  requiredApprovals: changeRequests.requiredApprovals,
  approvals: approvalsOf(sql`${changeRequests.round}`),
  requestedBy: changeRequests.requestedBy,
  createdAt: changeRequests.createdAt,
  updatedAt: changeRequests.updatedAt,
  scheduledAt: changeRequests.scheduledAt,
  scheduleTimeZone: changeRequests.scheduleTimeZone,
  appliedAt: changeRequests.appliedAt,
  appliedBy: changeRequests.appliedBy,
  outcome: changeRequests.outcome,
  bypassReason: changeRequests.bypassReason,
  revision: changeRequests.revision,
};

async function summaryOf(db: Database | Transaction, id: string): Promise<ChangeRequest> {
  const [row] = await db
    .select(summaryColumns)
    .from(changeRequests)
    .leftJoin(tenants, eq(tenants.id, changeRequests.tenantId))
    .where(eq(changeRequests.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return row as ChangeRequest;
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

/** Approvals of the request's current round, and whether the viewer gave one. */
async function approvalState(tx: Database | Transaction, request: ChangeRequestRow, viewer: Viewer) {
  const approvers = await roundApprovers(tx, request);
  return { approvals: approvers.length, mine: approvers.includes(viewer.user.id) };
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
    const change = request.change as Change;
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

/** One request with its diff, timeline, whether it went stale, and what the viewer may do. */
export async function getChangeRequest(
  db: Database,
  id: string,
  viewer: Viewer,
): Promise<ChangeRequestDetail> {
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(changeRequests).where(eq(changeRequests.id, id));
    if (!request || !mayRead(viewer, request)) throw notFound(NOT_FOUND);
    const summary = await summaryOf(tx, id);
    const events = await tx
      .select({
        id: changeRequestEvents.id,
        kind: changeRequestEvents.kind,
        round: changeRequestEvents.round,
        author: changeRequestEvents.author,
        body: changeRequestEvents.body,
        createdAt: changeRequestEvents.createdAt,
      })
      .from(changeRequestEvents)
      .where(eq(changeRequestEvents.changeRequestId, id))
      .orderBy(changeRequestEvents.createdAt, changeRequestEvents.id);
    const open = request.status === 'pending' || request.status === 'scheduled';
    let stale = false;
    if (open) {
      try {
        await assertFresh(tx, request);
      } catch (error) {
        if (!(error instanceof StaleChangeError)) throw error;
        stale = true;
      }
    }
    const { mine } = await approvalState(tx, request, viewer);
    const reviewer = mayReview(viewer, request);
    const author = isAuthor(viewer, request);
    const approveBlockedBy =
      !reviewer || request.status !== 'pending'
        ? null
        : author
          ? 'You requested this change: another person must approve it'
          : mine
            ? 'You have approved this change request'
            : stale
              ? 'What it changes has moved on since the request: refresh it first'
              : null;
    const steward = author || reviewer;
    return {
      ...summary,
      change: request.change as Change,
      diff: request.diff as ChangeRequestDetail['diff'],
      stale,
      events: events as ChangeRequestDetail['events'],
      can: {
        approve: reviewer && request.status === 'pending' && approveBlockedBy === null,
        reject: reviewer && !author && open,
        cancel: steward && open,
        refresh: steward && open,
        schedule: steward && open,
        comment: true,
        approveBlockedBy,
      },
    };
  });
}

/** Requests the viewer may approve now: open, someone else's, in their tenants, not yet approved by them. */
function waitingFor(db: Database, viewer: Viewer): SQL | undefined {
  const mine = alias(changeRequestEvents, 'mine');
  const scope = tenantScope(viewer, 'approve');
  return and(
    eq(changeRequests.status, 'pending'),
    or(isNull(changeRequests.requestedById), ne(changeRequests.requestedById, viewer.user.id)),
    scope.all ? undefined : reviewableIn(scope.tenantIds),
    notExists(
      db
        .select({ id: mine.id })
        .from(mine)
        .where(
          and(
            eq(mine.changeRequestId, changeRequests.id),
            eq(mine.kind, 'approve'),
            eq(mine.round, changeRequests.round),
            eq(mine.authorId, viewer.user.id),
          ),
        ),
    ),
  );
}

/** Requests the viewer may read: every one for global administrators, else their tenants' (no platform). */
function readable(viewer: Viewer): SQL | undefined {
  const scope = tenantScope(viewer, 'read');
  return scope.all ? undefined : inArray(changeRequests.tenantId, scope.tenantIds);
}

const STATES: Record<NonNullable<ChangeRequestQuery['state']>, ChangeRequestRow['status'][]> = {
  open: ['pending'],
  scheduled: ['scheduled'],
  closed: ['applied', 'rejected', 'cancelled', 'failed'],
};

/** The Changes list: filters, search over title and requester, sort and paging on the server. */
export async function listChangeRequests(
  db: Database,
  query: ChangeRequestQuery,
  viewer: Viewer,
): Promise<{ items: ChangeRequest[]; total: number }> {
  const where = and(
    readable(viewer),
    query.view === 'waiting' ? waitingFor(db, viewer) : undefined,
    query.view === 'mine' ? eq(changeRequests.requestedById, viewer.user.id) : undefined,
    query.state ? inArray(changeRequests.status, STATES[query.state]) : undefined,
    query.status ? eq(changeRequests.status, query.status) : undefined,
    query.tenantId ? eq(changeRequests.tenantId, query.tenantId) : undefined,
    query.environment ? eq(changeRequests.environment, query.environment) : undefined,
    query.kind ? eq(changeRequests.kind, query.kind) : undefined,
    containsAny(query.q, [changeRequests.title, changeRequests.requestedBy]),
  );
  const { limit, offset } = pageOf(query);
  const order = orderByFor(
    query.sort,
    '-createdAt',
    {
      number: changeRequests.number,
      createdAt: changeRequests.createdAt,
      updatedAt: changeRequests.updatedAt,
      scheduledAt: changeRequests.scheduledAt,
      status: changeRequests.status,
    },
    changeRequests.id,
  );
  const result = await runList({
    page: db
      .select(summaryColumns)
      .from(changeRequests)
      .leftJoin(tenants, eq(tenants.id, changeRequests.tenantId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    count: db.select(countColumn).from(changeRequests).where(where),
    limit,
    offset,
  });
  return { items: result.items as ChangeRequest[], total: result.total };
}

/** The sidebar badge: how many requests wait for the viewer's approval. */
export async function changeSummary(db: Database, viewer: Viewer): Promise<ChangeSummary> {
  const [row] = await db
    .select({ n: count() })
    .from(changeRequests)
    .where(and(readable(viewer), waitingFor(db, viewer)));
  return { waitingForMe: Number(row?.n ?? 0) };
}
