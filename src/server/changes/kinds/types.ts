import type { Change, DiffEntry } from '../../../contract/changes';
import type { TenantAction } from '../../../contract/auth';
import type { Environment } from '../../../contract/common';
import type { Actor } from '../../auth/viewer';
import type { Transaction } from '../../db/client';
import type { PolicyScope } from '../policy';

/** Who a change concerns and who may ask for it. */
export interface ChangeTarget {
  /** The tenant whose policy applies, or null for the platform's (global administrators only). */
  scope: PolicyScope;
  environment: Environment;
  /** The tenant action a requester needs; platform changes need a global administrator. */
  action: TenantAction | null;
  /** A one-line description, the default title. */
  title: string;
}

/** The state a change would alter: the diff reviewers see, and a fingerprint to tell it moved on. */
export interface ChangeSnapshot {
  fingerprint: string;
  diff: DiffEntry[];
}

/**
 * One kind of change a request can carry. Each reads through the caller's transaction, and `apply`
 * runs the same service its direct endpoint runs, so a request applies exactly what the dialog would.
 */
export interface ChangeHandler<C extends Change> {
  /** Throws 404 when the resource the change names does not exist. */
  target(tx: Transaction, change: C): Promise<ChangeTarget>;
  snapshot(tx: Transaction, change: C): Promise<ChangeSnapshot>;
  apply(tx: Transaction, change: C, actor: Actor): Promise<void>;
}

/** JSON text of a configuration, parsed for display; text that is not JSON shows as itself. */
export function configurationValue(text: string | null | undefined): unknown {
  if (text === null || text === undefined || text.trim() === '') return text === undefined ? null : {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
