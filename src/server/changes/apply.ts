import { eq, sql } from 'drizzle-orm';
import type { ChangeEventKind } from '../../contract/changes';
import { recordAudit } from '../audit/service';
import type { Actor } from '../auth/viewer';
import type { Transaction } from '../db/client';
import { changeRequestEvents, changeRequests } from '../db/schema';
import { AppError } from '../errors';
import { nextRevision } from '../revisions';
import { itemsOf, setItem } from './release-items';
import { applyItems, ItemFailedError, StaleChangeError } from './release-run';
import { startedRollout } from './release-rollout';

export type ChangeRequestRow = typeof changeRequests.$inferSelect;

/** The scheduler's name in the audit log and on the timeline. */
export const SCHEDULER_ACTOR: Actor = { id: null, email: 'scheduler' };

/** How a request came to apply, as its audit event records it. */
export type AppliedVia = 'approval' | 'schedule' | 'bypass' | 'no approval required';

export async function addEvent(
  tx: Transaction,
  request: Pick<ChangeRequestRow, 'id' | 'round'>,
  kind: ChangeEventKind,
  actor: Actor,
  body: string | null = null,
): Promise<void> {
  await tx.insert(changeRequestEvents).values({
    changeRequestId: request.id,
    kind,
    round: request.round,
    authorId: actor.id,
    author: actor.email,
    body,
    // The wall clock, not the transaction's start: one transaction often adds several events in order.
    createdAt: sql`clock_timestamp()`,
  });
}

export async function auditRequest(
  tx: Transaction,
  actor: Actor,
  action: string,
  request: Pick<ChangeRequestRow, 'id' | 'number' | 'tenantId' | 'kind' | 'environment'>,
  changes: Record<string, unknown> = {},
): Promise<void> {
  await recordAudit(tx, actor, {
    action: `change_request.${action}`,
    resourceType: 'change-request',
    resourceId: request.id,
    tenantId: request.tenantId,
    changes: { number: request.number, kind: request.kind, environment: request.environment, ...changes },
  });
}

/**
 * Applies a request inside the caller's transaction, which holds its row: every change of its set, in
 * order, each still fresh, run as its requester (each change's own audit event and createdBy name them),
 * and marks it applied. Throws a change's refusal; see applyOrRecordFailure for callers that must not.
 */
export async function applyRequest(
  tx: Transaction,
  request: ChangeRequestRow,
  actor: Actor,
  via: AppliedVia,
): Promise<void> {
  const requester: Actor = { id: request.requestedById, email: request.requestedBy, ip: actor.ip };
  const items = await itemsOf(tx, request.id);
  await applyItems(tx, items, requester);
  await tx
    .update(changeRequests)
    .set({
      status: 'applied',
      appliedAt: sql`now()`,
      appliedBy: actor.email,
      outcome: null,
      rolloutId: await startedRollout(tx, items),
      updatedAt: sql`now()`,
      revision: nextRevision(changeRequests.revision),
    })
    .where(eq(changeRequests.id, request.id));
  await addEvent(tx, request, 'apply', actor, via);
  await auditRequest(tx, actor, 'apply', request, {
    via,
    requestedBy: request.requestedBy,
    changes: items.length,
  });
}

/**
 * Applies a request in a savepoint; a refusal (stale, a rule that no longer holds) marks it failed with
 * the reason, and the change that refused, instead of failing the caller, so an approval or the
 * scheduler records what happened. None of its changes is kept. Database faults still throw: the
 * transaction rolls back and the request stays as it was.
 */
export async function applyOrRecordFailure(
  tx: Transaction,
  request: ChangeRequestRow,
  actor: Actor,
  via: AppliedVia,
): Promise<{ applied: true } | { applied: false; reason: string }> {
  try {
    await tx.transaction((savepoint) => applyRequest(savepoint, request, actor, via));
    return { applied: true };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // An approval that finds the set overtaken (another request applied first) is refused as stale and
    // not recorded: the request stays open, to be refreshed. The scheduler records it as failed.
    if (error instanceof StaleChangeError && via === 'approval') throw error;
    await tx
      .update(changeRequests)
      .set({
        status: 'failed',
        outcome: error.message,
        updatedAt: sql`now()`,
        revision: nextRevision(changeRequests.revision),
      })
      .where(eq(changeRequests.id, request.id));
    if (error instanceof ItemFailedError) await markItemFailed(tx, request, error);
    await addEvent(tx, request, 'fail', actor, error.message);
    await auditRequest(tx, actor, 'fail', request, { via, reason: error.message });
    return { applied: false, reason: error.message };
  }
}

async function markItemFailed(tx: Transaction, request: ChangeRequestRow, error: ItemFailedError) {
  const item = (await itemsOf(tx, request.id)).find((i) => i.position === error.position);
  if (item) await setItem(tx, item, { state: 'failed', outcome: error.message });
}
