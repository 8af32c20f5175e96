import type { Change, DiffEntry } from '../../../contract/changes';
import type { TenantAction } from '../../../contract/auth';
import type { Environment } from '../../../contract/common';
import type { Actor } from '../../auth/viewer';
import type { Transaction } from '../../db/client';
import type { ExpectedRevision } from '../../revisions';
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
 * What a direct endpoint adds when it applies a change through applyDirect (apply-direct.ts); a request
 * applies without it (it was approved, and the request's fingerprint is its precondition).
 */
export interface DirectWrite<L> {
  /** Runs on the state `apply` locked, before anything is written: the policy check; throws to refuse. */
  onLocked?: (locked: L) => void;
  /** The endpoint's If-Match revision, for kinds whose service takes one. */
  expected?: ExpectedRevision;
}

/**
 * How to put back what a change is about to overwrite (docs/releases.md): read before it applies, the
 * changes that restore its target once it has (given what it answered, for a create's new id); or why it
 * cannot be undone (a delete).
 */
// Method syntax: the HANDLERS table holds every kind's R, and each release item passes its own result.
export type Undo<R> = { inverse(result: R): Change[] } | { irreversible: string };

/**
 * One kind of change a request can carry. Each reads through the caller's transaction, and `apply`
 * runs the same service its direct endpoint runs, so a request applies exactly what the dialog would.
 * `R` is what that service answers (the endpoint's reply); `L` is the locked state a `gate` judges.
 */
export interface ChangeHandler<C extends Change, R = unknown, L = unknown> {
  /** Throws 404 when the resource the change names does not exist. */
  target(tx: Transaction, change: C): Promise<ChangeTarget>;
  snapshot(tx: Transaction, change: C): Promise<ChangeSnapshot>;
  /**
   * Only for kinds of which some writes are not changes (a slot's version when that slot is idle, a
   * deployment into the idle slot, a web app outside production): judged on the state `apply` locked,
   * the environment whose policy this write falls under, or null when it is no change. Without a gate
   * every write of the kind is a change in its target's environment. Method syntax: `L` differs per
   * kind, and the HANDLERS table holds them all (apply passes its own `L` to its own gate).
   */
  gate?(change: C, locked: L): Environment | null;
  apply(tx: Transaction, change: C, actor: Actor, direct?: DirectWrite<L>): Promise<R>;
  /** Read just before `apply`: how a release undoes it. Without one, the kind cannot be undone. */
  undo?(tx: Transaction, change: C): Promise<Undo<R>>;
}

export const irreversible = (why: string): { irreversible: string } => ({ irreversible: why });

/** JSON text of a configuration, parsed for display; text that is not JSON shows as itself. */
export function configurationValue(text: string | null | undefined): unknown {
  if (text === null || text === undefined || text.trim() === '') return text === undefined ? null : {};
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return text;
  }
}
