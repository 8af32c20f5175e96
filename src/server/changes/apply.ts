import { eq, sql } from 'drizzle-orm';
import { TransactionRollbackError } from 'drizzle-orm/errors';
import type { Change, ChangeEventKind } from '../../contract/changes';
import type { FieldIssue } from '../../contract/errors';
import { recordAudit } from '../audit/service';
import type { Actor } from '../auth/viewer';
import type { Transaction } from '../db/client';
import { changeRequestEvents, changeRequests } from '../db/schema';
import { AppError } from '../errors';
import { nextRevision } from '../revisions';
import { handlerOf } from './kinds';

export type ChangeRequestRow = typeof changeRequests.$inferSelect;

/** The scheduler's name in the audit log and on the timeline. */
export const SCHEDULER_ACTOR: Actor = { id: null, email: 'scheduler' };

/** How a request came to apply, as its audit event records it. */
export type AppliedVia = 'approval' | 'schedule' | 'bypass' | 'no approval required';

/**
 * A change's own refusals name the field of its direct endpoint's body ("body.configuration"); inside
 * a request that body sits at body.change.body, and the versionId at body.change.versionId.
 */
export function inChange(error: AppError): AppError {
  if (!error.issues) return error;
  const issues: FieldIssue[] = error.issues.map((issue) => ({
    ...issue,
    path: issue.path.startsWith('body.')
      ? `body.change.body.${issue.path.slice('body.'.length)}`
      : `body.change.${issue.path}`,
  }));
  return new AppError(error.code, error.message, issues, error.headers);
}

/**
 * Runs the change in a savepoint and rolls it back: every rule of its endpoint (schema, governance,
 * conflicts) is checked now, so a request is refused when it is made, not when it is approved.
 */
export async function dryRun(tx: Transaction, change: Change, actor: Actor): Promise<void> {
  try {
    await tx.transaction(async (savepoint) => {
      await handlerOf(change).apply(savepoint, change, actor);
      savepoint.rollback();
    });
  } catch (error) {
    if (error instanceof TransactionRollbackError) return;
    throw error instanceof AppError ? inChange(error) : error;
  }
}

export class StaleChangeError extends AppError {
  constructor() {
    super(
      'STALE_CHANGE',
      'What this request changes has changed since it was made: refresh it to see the new diff, then approve again',
    );
  }
}

/** Refuses a request whose diff was made on a state that has since moved on. */
export async function assertFresh(tx: Transaction, request: ChangeRequestRow): Promise<void> {
  const change = request.change as Change;
  let fingerprint: string;
  try {
    fingerprint = (await handlerOf(change).snapshot(tx, change)).fingerprint;
  } catch (error) {
    // The resource it changes is gone: nothing to apply it to.
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw new StaleChangeError();
    throw error;
  }
  if (fingerprint !== request.baseFingerprint) throw new StaleChangeError();
}

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
 * Applies a request inside the caller's transaction, which holds its row: checks it is still fresh,
 * runs the change as its requester (the change's own audit event and createdBy name them), and marks it
 * applied. Throws the change's refusal; see applyOrRecordFailure for callers that must not.
 */
export async function applyRequest(
  tx: Transaction,
  request: ChangeRequestRow,
  actor: Actor,
  via: AppliedVia,
): Promise<void> {
  await assertFresh(tx, request);
  const requester: Actor = { id: request.requestedById, email: request.requestedBy, ip: actor.ip };
  await handlerOf(request.change as Change).apply(tx, request.change as Change, requester);
  await tx
    .update(changeRequests)
    .set({
      status: 'applied',
      appliedAt: sql`now()`,
      appliedBy: actor.email,
      outcome: null,
      updatedAt: sql`now()`,
      revision: nextRevision(changeRequests.revision),
    })
    .where(eq(changeRequests.id, request.id));
  await addEvent(tx, request, 'apply', actor, via);
  await auditRequest(tx, actor, 'apply', request, { via, requestedBy: request.requestedBy });
}

/**
 * Applies a request in a savepoint; a refusal (stale, a rule that no longer holds) marks it failed with
 * the reason instead of failing the caller, so an approval or the scheduler records what happened.
 * Database faults still throw: the transaction rolls back and the request stays as it was.
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
    await tx
      .update(changeRequests)
      .set({
        status: 'failed',
        outcome: error.message,
        updatedAt: sql`now()`,
        revision: nextRevision(changeRequests.revision),
      })
      .where(eq(changeRequests.id, request.id));
    await addEvent(tx, request, 'fail', actor, error.message);
    await auditRequest(tx, actor, 'fail', request, { via, reason: error.message });
    return { applied: false, reason: error.message };
  }
}
