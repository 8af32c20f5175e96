import { eq, sql } from 'drizzle-orm';
import type { Change, ChangeRequest, RevertBody } from '../../contract/changes';
import { SYSTEM_ACTOR } from '../audit/service';
import type { Database, Transaction } from '../db/client';
import { changeRequests } from '../db/schema';
import { AppError, conflict } from '../errors';
import { nextRevision } from '../revisions';
import { addEvent, auditRequest, type ChangeRequestRow } from './apply';
import { handlerOf } from './kinds';
import { itemsOf, setItem, type ItemRow } from './release-items';
import { inverseFingerprint } from './release-run';
import { whenRolloutEndsOnStable } from './kinds/rollout-ends';
import { lockRequest, summaryOf } from './request-rows';
import type { Caller } from './request-writes';
import { fileRequest } from './requests';

/*
 * Undoing a set as one (docs/releases.md): automatically, when the rollout its last change started
 * ends on the stable slot; or by hand, "Revert", which files the inverse set as a new request through
 * the same approvals.
 */

/** The applied changes a revert undoes, last first, each with the changes that put its target back. */
const undoable = (items: ItemRow[]) =>
  items
    .filter(
      (item): item is ItemRow & { inverse: Change[] } => item.state === 'applied' && item.inverse !== null,
    )
    .reverse();

/** Whether someone changed an applied change's target since its set applied (its inverse's fingerprint moved). */
const movedSince = async (tx: Transaction, item: ItemRow & { inverse: Change[] }): Promise<boolean> =>
  (await inverseFingerprint(tx, item.inverse)) !== item.appliedFingerprint;

/**
 * The automatic revert decides nothing for anyone: a target changed since the set applied is someone's
 * later change, which only a person may overwrite (by hand, through approvals), so none is reverted.
 */
async function movedTargets(
  tx: Transaction,
  items: (ItemRow & { inverse: Change[] })[],
): Promise<string | null> {
  const moved: string[] = [];
  for (const item of items) {
    if (await movedSince(tx, item)) moved.push(`change ${item.position + 1} (${item.title})`);
  }
  if (moved.length === 0) return null;
  const targets = moved.length === 1 ? 'the target' : 'the targets';
  return `${targets} of ${moved.join(', ')} changed since the set applied; revert by hand to decide`;
}

/**
 * Reverts every applied change of a set, last first, in one savepoint as `system`: all of them or,
 * when one refuses or its target moved since, none, and the request says which and why.
 * `undoneAlready` is a change whose own undoing already happened (the progressive switch whose rollout
 * put its traffic back).
 */
export async function revertSet(
  tx: Transaction,
  request: ChangeRequestRow,
  reason: string,
  undoneAlready: number | null,
): Promise<void> {
  const items = await itemsOf(tx, request.id);
  const toUndo = undoable(items).filter((item) => item.position !== undoneAlready);
  let failure = await movedTargets(tx, toUndo);
  if (failure === null) failure = await undoAll(tx, toUndo);
  if (failure === null) {
    for (const item of items) {
      if (item.state !== 'applied') continue;
      await setItem(
        tx,
        item,
        item.inverse === null
          ? { state: 'skipped', outcome: `Not undone: ${item.irreversible ?? 'it cannot be undone'}` }
          : { state: 'reverted', outcome: reason },
      );
    }
  }
  const outcome = failure === null ? `Reverted: ${reason}` : `Revert failed: ${failure}`;
  await tx
    .update(changeRequests)
    .set({ outcome, updatedAt: sql`now()`, revision: nextRevision(changeRequests.revision) })
    .where(eq(changeRequests.id, request.id));
  await addEvent(tx, request, 'revert', SYSTEM_ACTOR, outcome);
  await auditRequest(tx, SYSTEM_ACTOR, failure === null ? 'revert' : 'revert_failed', request, {
    reason,
    failure,
  });
}

/** Applies each inverse as `system` in one savepoint: all of them, or none and the refusal's message. */
async function undoAll(tx: Transaction, items: (ItemRow & { inverse: Change[] })[]): Promise<string | null> {
  try {
    await tx.transaction(async (savepoint) => {
      for (const item of items) {
        for (const change of item.inverse) {
          try {
            await handlerOf(change).apply(savepoint, change, SYSTEM_ACTOR);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            throw new AppError(error.code, `Change ${item.position + 1} (${item.title}): ${error.message}`);
          }
        }
      }
    });
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return error.message;
  }
}

/** The rollout of a set's last change ended on its stable slot: the rest of the set goes back too. */
async function revertSetOfRollout(tx: Transaction, rollout: { id: string }, reason: string): Promise<void> {
  const [request] = await tx
    .select()
    .from(changeRequests)
    .where(eq(changeRequests.rolloutId, rollout.id))
    .for('update');
  if (!request || request.status !== 'applied') return;
  await revertSet(
    tx,
    request,
    `the rollout of its last change ended on the stable slot (${reason})`,
    request.changeCount - 1,
  );
}

/** Registers the automatic revert with the rollouts; registering again is a no-op (the same listener). */
export function revertSetsOnRollback(): () => void {
  return whenRolloutEndsOnStable(revertSetOfRollout);
}

/**
 * The changes a revert files: each applied change's inverse, last first. A target someone changed
 * since the set applied needs a decision (skip or overwrite); without one the revert is refused with a
 * 409 naming each such change.
 */
async function inverseSet(
  tx: Transaction,
  items: ItemRow[],
  decisions: RevertBody['decisions'],
): Promise<{ changes: Change[]; skipped: string[] }> {
  const changes: Change[] = [];
  const skipped: string[] = [];
  const undecided: { path: string; message: string }[] = [];
  for (const item of undoable(items)) {
    const moved = await movedSince(tx, item);
    const decision = decisions?.[String(item.position)];
    if (moved && decision === undefined) {
      undecided.push({
        path: `body.decisions.${item.position}`,
        message: `Change ${item.position + 1} (${item.title}): its target was changed by someone else since; skip it or overwrite it`,
      });
    } else if (moved && decision === 'skip') {
      skipped.push(item.title);
    } else {
      changes.push(...item.inverse);
    }
  }
  if (undecided.length > 0) {
    throw new AppError(
      'REVERT_DECISION_NEEDED',
      'Some targets of this release changed since it applied: decide for each whether to skip it or overwrite it',
      undecided,
    );
  }
  if (changes.length === 0) throw conflict('Nothing of this request can be reverted');
  return { changes, skipped };
}

/** "Revert": files the inverse of an applied set as a new request, through the same approvals. */
export async function fileRevert(
  db: Database,
  id: string,
  body: RevertBody,
  caller: Caller,
): Promise<ChangeRequest> {
  const { viewer } = caller;
  const newId = await db.transaction(async (tx) => {
    const request = await lockRequest(tx, id, viewer);
    if (request.status !== 'applied') {
      throw conflict(
        `Change request #${request.number} is ${request.status}: only an applied one can be reverted`,
      );
    }
    const items = await itemsOf(tx, request.id);
    const { changes, skipped } = await inverseSet(tx, items, body.decisions);
    const notUndone = items.filter((item) => item.state === 'applied' && item.inverse === null);
    const description = [
      `Reverts #${request.number}: ${request.title}.`,
      ...skipped.map((title) => `Skipped (changed since): ${title}.`),
      ...notUndone.map((item) => `Not undone: ${item.title} (${item.irreversible ?? 'irreversible'}).`),
    ].join('\n');
    return fileRequest(
      tx,
      {
        changes,
        title: body.title ?? `Revert #${request.number}: ${request.title}`.slice(0, 200),
        description,
      },
      viewer,
      caller.ip,
      { revertOfId: request.id },
    );
  });
  return summaryOf(db, newId);
}
