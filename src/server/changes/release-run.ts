import { TransactionRollbackError } from 'drizzle-orm/errors';
import { CHANGE_KIND_LABELS, type Change } from '../../contract/changes';
import type { FieldIssue } from '../../contract/errors';
import type { Actor, Viewer } from '../auth/viewer';
import type { Transaction } from '../db/client';
import { AppError } from '../errors';
import { ADVISORY_LOCKS, advisoryLockOn } from '../locks';
import { changeKindResourceTypes } from '../../contract/resource-types';
import { handlerOf } from './kinds';
import { irreversible, type Undo } from './kinds/types';
import { setItem, type ItemRow, type PlannedItem } from './release-items';
import { assertMayRequest } from './may-request';

/*
 * How a set of changes runs (docs/releases.md): one dry run of all of them in order in one savepoint,
 * the chain of freshness checks, and the apply of all or none.
 */

/** How the request named its changes: `change` (one, as before releases) or `changes` (a list). */
export type Via = 'change' | 'changes';

/**
 * A change's own refusals name the field of its direct endpoint's body ("body.configuration"); inside a
 * request that body sits at body.change.body (or body.changes.i.body), the versionId at
 * body.change.versionId. A change of a set also says which it is, so a refusal names the culprit.
 */
export function inItem(error: AppError, at: { via: Via; index: number; total: number; title?: string }) {
  const prefix = at.via === 'change' ? 'body.change' : `body.changes.${at.index}`;
  const issues: FieldIssue[] | undefined = error.issues?.map((issue) => ({
    ...issue,
    path: issue.path.startsWith('body.')
      ? `${prefix}.body.${issue.path.slice('body.'.length)}`
      : `${prefix}.${issue.path}`,
  }));
  const message =
    at.via === 'change' && at.total === 1
      ? error.message
      : `Change ${at.index + 1} of ${at.total}${at.title ? ` (${at.title})` : ''}: ${error.message}`;
  return new AppError(error.code, message, issues, error.headers);
}

/** Runs `work` in a savepoint that is always rolled back: what it wrote is seen only by itself. */
async function rolledBack<T>(tx: Transaction, work: (savepoint: Transaction) => Promise<T>): Promise<T> {
  let answer: { value: T } | undefined;
  try {
    await tx.transaction(async (savepoint) => {
      answer = { value: await work(savepoint) };
      savepoint.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  if (!answer) throw new Error('The dry run ended without an answer');
  return answer.value;
}

/**
 * The dry run of a set, at filing and at every refresh: each change is targeted, checked against who
 * may ask for it, snapshotted and applied in order, in one savepoint rolled back at the end, so a later
 * change sees the earlier ones' effects. A refusal names the change (index, kind, target).
 */
export function planSet(
  tx: Transaction,
  changes: Change[],
  viewer: Viewer,
  actor: Actor,
  via: Via,
): Promise<PlannedItem[]> {
  return rolledBack(tx, async (savepoint) => {
    const planned: PlannedItem[] = [];
    for (const [index, change] of changes.entries()) {
      let title: string = CHANGE_KIND_LABELS[change.kind];
      try {
        const handler = handlerOf(change);
        const target = await handler.target(savepoint, change);
        // Checked before the title is taken: a target's title names its tenant, and a refusal must read
        // the same for a tenant the caller may not see as for one that does not exist.
        assertMayRequest(viewer, target);
        title = target.title;
        const snapshot = await handler.snapshot(savepoint, change);
        planned.push({ change, target, snapshot });
        await handler.apply(savepoint, change, actor);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        throw inItem(error, { via, index, total: changes.length, title });
      }
    }
    return planned;
  });
}

export class StaleChangeError extends AppError {
  constructor(readonly position: number | null = null) {
    super(
      'STALE_CHANGE',
      'What this request changes has changed since it was made: refresh it to see the new diff, then approve again',
    );
  }
}

/** A change of a set that refused to apply: the whole set is refused, naming it. */
export class ItemFailedError extends AppError {
  constructor(
    readonly position: number,
    cause: AppError,
    total: number,
    title: string,
  ) {
    const named = inItem(cause, { via: 'changes', index: position, total, title });
    super(cause.code, total === 1 ? cause.message : named.message, cause.issues, cause.headers);
  }
}

/** The item's target has moved on since its diff was made (or is gone): stale. */
async function assertItemFresh(tx: Transaction, item: ItemRow): Promise<void> {
  let fingerprint: string;
  try {
    fingerprint = (await handlerOf(item.change).snapshot(tx, item.change)).fingerprint;
  } catch (error) {
    // The resource it changes is gone: nothing to apply it to.
    if (error instanceof AppError && error.code === 'NOT_FOUND') throw new StaleChangeError(item.position);
    throw error;
  }
  if (fingerprint !== item.baseFingerprint) throw new StaleChangeError(item.position);
}

/** What a change's turn and its dependencies are keyed by: the resource type it writes, in its tenant. */
const targetKey = (item: Pick<ItemRow, 'kind' | 'tenantId'>) =>
  `${changeKindResourceTypes[item.kind]}:${item.tenantId ?? 'platform'}`;

/**
 * The first change of an open set whose target moved on, or null when the set is fresh: each change's
 * state is compared after the ones before it that write the same kind of resource in the same tenant
 * applied (in a rolled-back savepoint), as applying would. Only those are applied on the way, so reading
 * a set of 100 independent changes costs 100 snapshots, not 100 writes; applying itself checks every
 * change on the state all the ones before it left. A change that would refuse to apply is not
 * staleness: applying records that.
 */
export function staleItemOf(tx: Transaction, items: ItemRow[], actor: Actor): Promise<ItemRow | null> {
  const neededLater = new Set<number>();
  const seen = new Map<string, number>();
  for (const item of items) {
    const earlier = seen.get(targetKey(item));
    if (earlier !== undefined) neededLater.add(earlier);
    seen.set(targetKey(item), item.position);
  }
  const walk = async (savepoint: Transaction): Promise<ItemRow | null> => {
    for (const item of items) {
      try {
        await assertItemFresh(savepoint, item);
        if (neededLater.has(item.position)) await handlerOf(item.change).apply(savepoint, item.change, actor);
      } catch (error) {
        if (error instanceof StaleChangeError) return item;
        if (error instanceof AppError) return null;
        throw error;
      }
    }
    return null;
  };
  // Nothing to apply on the way: no savepoint either.
  return neededLater.size === 0 ? walk(tx) : rolledBack(tx, walk);
}

/** The fingerprint of what an item's inverse would change: a revert compares it to find who moved it. */
export async function inverseFingerprint(tx: Transaction, inverse: Change[]): Promise<string> {
  const parts: string[] = [];
  for (const change of inverse) {
    try {
      parts.push((await handlerOf(change).snapshot(tx, change)).fingerprint);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      parts.push(`gone:${error.code}`);
    }
  }
  return parts.join('|');
}

/**
 * Requests applying at once take turns per resource type and tenant (in one order, so two sets never
 * wait on each other crosswise): the second then checks freshness on what the first committed.
 */
async function lockTargets(tx: Transaction, items: ItemRow[]): Promise<void> {
  const names = new Set(
    items.map((item) => `${changeKindResourceTypes[item.kind]}:${item.tenantId ?? 'platform'}`),
  );
  for (const name of [...names].sort()) await advisoryLockOn(tx, ADVISORY_LOCKS.changeTargets, name);
}

/**
 * Applies every change of a set in order in the caller's transaction: each must still be fresh on the
 * state the ones before it left, and what undoes it is read just before it applies. Any refusal throws
 * (stale, or ItemFailedError naming the change) and the caller's transaction keeps none of them.
 */
export async function applyItems(tx: Transaction, items: ItemRow[], requester: Actor): Promise<void> {
  await lockTargets(tx, items);
  const undone: { item: ItemRow; undo: Undo<unknown>; result: unknown }[] = [];
  for (const item of items) {
    await assertItemFresh(tx, item);
    const handler = handlerOf(item.change);
    const undo = handler.undo
      ? await handler.undo(tx, item.change)
      : irreversible(`A ${CHANGE_KIND_LABELS[item.kind].toLowerCase()} cannot be undone automatically`);
    try {
      undone.push({ item, undo, result: await handler.apply(tx, item.change, requester) });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new ItemFailedError(item.position, error, items.length, item.title);
    }
  }
  // Fingerprinted once all applied: a later change of the same target is part of what the set left.
  for (const { item, undo, result } of undone) {
    const inverse = 'inverse' in undo ? undo.inverse(result) : null;
    await setItem(tx, item, {
      state: 'applied',
      outcome: null,
      inverse,
      irreversible: 'irreversible' in undo ? undo.irreversible : null,
      appliedFingerprint: inverse ? await inverseFingerprint(tx, inverse) : null,
    });
  }
}
