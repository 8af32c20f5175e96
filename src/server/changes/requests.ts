import { eq } from 'drizzle-orm';
import type {
  Change,
  ChangeRequest,
  ChangeRequestDetail,
  CreateChangeRequestBody,
  Schedule,
} from '../../contract/changes';
import { actorOf, type Actor, type Viewer } from '../auth/viewer';
import type { Database, Transaction } from '../db/client';
import { changeRequests } from '../db/schema';
import { badRequest } from '../errors';
import { addEvent, auditRequest, type ChangeRequestRow } from './apply';
import {
  insertItems,
  itemsOf,
  rebaseItems,
  requestScopeOf,
  setTitle,
  type PlannedItem,
} from './release-items';
import { planSet, type Via } from './release-run';
import { rescheduleRequest } from './reschedule';
import {
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

/** What a new request links to: the applied request it reverts, or the one it was promoted from. */
export interface FiledFrom {
  revertOfId?: string;
  promotedFromId?: string;
}

/** Writes a new request's row and its changes, with its first event and audit event. */
async function insertRequest(
  tx: Transaction,
  body: CreateChangeRequestBody,
  viewer: Viewer,
  actor: Actor,
  made: { planned: PlannedItem[]; required: number; scheduledAt: string | null; from: FiledFrom },
): Promise<ChangeRequestRow> {
  const { scope, environment } = requestScopeOf(made.planned);
  const [first] = made.planned;
  if (!first) throw new Error('A request holds at least one change');
  const [row] = await tx
    .insert(changeRequests)
    .values({
      tenantId: scope,
      environment,
      kind: first.change.kind,
      title: body.title ?? setTitle(made.planned),
      description: body.description ?? null,
      changeCount: made.planned.length,
      revertOfId: made.from.revertOfId ?? null,
      promotedFromId: made.from.promotedFromId ?? null,
      requiredApprovals: made.required,
      requestedById: viewer.user.id,
      requestedBy: viewer.user.email,
      requestedTokenId: viewer.token?.id ?? null,
      scheduledAt: made.scheduledAt,
      scheduleTimeZone: body.schedule?.timeZone ?? null,
    })
    .returning();
  if (!row) throw new Error('Insert returned no row');
  await insertItems(tx, row.id, made.planned);
  await addEvent(tx, row, 'request', actor, body.description ?? null);
  await auditRequest(tx, actor, 'create', row, {
    title: row.title,
    requiredApprovals: made.required,
    changes: made.planned.length,
    ...made.from,
  });
  return row;
}

/** The changes a body names: its one `change`, or its list. */
export function changesOf(body: CreateChangeRequestBody): { changes: Change[]; via: Via } {
  if (body.changes) return { changes: body.changes, via: 'changes' };
  if (body.change) return { changes: [body.change], via: 'change' };
  throw badRequest('Send either one change (change) or a list of changes (changes)', [
    { path: 'body.changes', message: 'Required' },
  ]);
}

/** The approvals a set needs: the strictest among its changes' scopes and environments. */
async function requiredApprovalsOfSet(tx: Transaction, planned: PlannedItem[]): Promise<number> {
  let required = 0;
  for (const { change, target } of planned) {
    required = Math.max(required, await requiredApprovalsOf(tx, change, target));
  }
  return required;
}

/**
 * Asks for a change, or a release of many. Every change is dry-run in order first, so a set that cannot
 * apply is refused now, naming the change. With a bypass reason (global administrators) or a policy
 * asking for no approval and no schedule, it applies at once, in this transaction; otherwise it waits
 * for approvals.
 */
export async function createChangeRequest(
  db: Database,
  body: CreateChangeRequestBody,
  viewer: Viewer,
  ip: string | undefined,
  from: FiledFrom = {},
): Promise<ChangeRequest> {
  const id = await db.transaction((tx) => fileRequest(tx, body, viewer, ip, from));
  return summaryOf(db, id);
}

/** createChangeRequest in the caller's transaction (a draft filed, a revert): the new request's id. */
export async function fileRequest(
  tx: Transaction,
  body: CreateChangeRequestBody,
  viewer: Viewer,
  ip: string | undefined,
  from: FiledFrom = {},
): Promise<string> {
  const actor = actorOf(viewer, ip);
  const { changes, via } = changesOf(body);
  const scheduledAt = body.schedule ? scheduledInstant(body.schedule, 'body.schedule.localTime') : null;
  if (body.bypassReason !== undefined) for (const change of changes) assertMayBypass(viewer, change);
  const planned = await planSet(tx, changes, viewer, actor, via);
  const required = await requiredApprovalsOfSet(tx, planned);
  const row = await insertRequest(tx, body, viewer, actor, { planned, required, scheduledAt, from });
  if (body.bypassReason !== undefined) {
    await bypassReviews(tx, row, actor, body.bypassReason, required);
  } else if (required === 0 && scheduledAt === null) {
    await applyNow(tx, row, actor, 'no approval required');
  } else if (required === 0) {
    await tx.update(changeRequests).set({ status: 'scheduled' }).where(eq(changeRequests.id, row.id));
  }
  return row.id;
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
    assertSteward(viewer, request, 'refresh');
    const items = await itemsOf(tx, request.id);
    const via: Via = items.length === 1 ? 'change' : 'changes';
    const planned = await planSet(
      tx,
      items.map((item) => item.change),
      viewer,
      actor,
      via,
    );
    await rebaseItems(tx, items, planned);
    const required = await requiredApprovalsOfSet(tx, planned);
    const round = request.round + 1;
    await tx
      .update(changeRequests)
      .set({
        round,
        // The new round's approvals say which times they hold for.
        approvedFrom: null,
        approvedUntil: null,
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
