import { asc, eq } from 'drizzle-orm';
import { environments, type Environment } from '../../contract/common';
import type { Change } from '../../contract/changes';
import type { Executor, Transaction } from '../db/client';
import { changeRequestItems } from '../db/schema';
import type { ChangeSnapshot, ChangeTarget } from './kinds';
import type { PolicyScope } from './policy';

/* The changes of a request as rows (docs/releases.md): one per change, in the order they apply. */

export type ItemRow = typeof changeRequestItems.$inferSelect;

/** A change as a dry run found it: where it happens, and the state its diff was made on. */
export interface PlannedItem {
  change: Change;
  target: ChangeTarget;
  snapshot: ChangeSnapshot;
}

export function itemsOf(db: Executor, requestId: string): Promise<ItemRow[]> {
  return db
    .select()
    .from(changeRequestItems)
    .where(eq(changeRequestItems.changeRequestId, requestId))
    .orderBy(asc(changeRequestItems.position));
}

export async function insertItems(tx: Transaction, requestId: string, planned: PlannedItem[]): Promise<void> {
  await tx.insert(changeRequestItems).values(
    planned.map(({ change, target, snapshot }, position) => ({
      changeRequestId: requestId,
      position,
      kind: change.kind,
      tenantId: target.scope,
      environment: target.environment,
      title: target.title,
      change,
      diff: snapshot.diff,
      baseFingerprint: snapshot.fingerprint,
    })),
  );
}

/** A refresh remakes every diff on the live state. */
export async function rebaseItems(tx: Transaction, items: ItemRow[], planned: PlannedItem[]): Promise<void> {
  for (const [index, item] of items.entries()) {
    const plan = planned[index];
    if (!plan) continue;
    await tx
      .update(changeRequestItems)
      .set({ diff: plan.snapshot.diff, baseFingerprint: plan.snapshot.fingerprint, title: plan.target.title })
      .where(eq(changeRequestItems.id, item.id));
  }
}

export function setItem(
  tx: Transaction,
  item: Pick<ItemRow, 'id'>,
  values: Partial<Pick<ItemRow, 'state' | 'outcome' | 'inverse' | 'irreversible' | 'appliedFingerprint'>>,
) {
  return tx.update(changeRequestItems).set(values).where(eq(changeRequestItems.id, item.id));
}

/**
 * The request's own scope and environment, from its changes: one tenant when they all fall under the
 * same, else the platform's (global administrators review a set spanning tenants); the strictest
 * environment among them.
 */
export function requestScopeOf(planned: Pick<PlannedItem, 'target'>[]): {
  scope: PolicyScope;
  environment: Environment;
} {
  const scopes = new Set(planned.map((p) => p.target.scope));
  const [only] = scopes;
  const scope = scopes.size === 1 && only !== undefined ? only : null;
  const rank = (environment: Environment) => environments.indexOf(environment);
  const environment = planned
    .map((p) => p.target.environment)
    .reduce((strictest, next) => (rank(next) > rank(strictest) ? next : strictest));
  return { scope, environment };
}

/** The title a set gets when its requester gives none. */
export function setTitle(planned: Pick<PlannedItem, 'target'>[]): string {
  const [first] = planned;
  if (!first) return 'Empty release';
  return planned.length === 1
    ? first.target.title
    : `Release of ${planned.length} changes: ${first.target.title}, …`;
}
