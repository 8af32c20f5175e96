import type { Change } from '../../contract/changes';
import type { Environment } from '../../contract/common';
import type { Actor } from '../auth/viewer';
import type { Database } from '../db/client';
import { handlerOf, type DirectResult, type DirectWrite } from './kinds';
import { approvalRequired, getApprovalPolicy } from './policy';

/** What the direct endpoint passes along besides the change: its If-Match revision. */
export type DirectOptions = Pick<DirectWrite<unknown>, 'expected'>;

/**
 * The one path of a direct write that may need approvals (docs/changes.md "The direct endpoints"): in
 * one transaction, the change's target names the policy, the policy is read, and the kind's own apply
 * runs. Where the policy asks for approvals the write is refused with 409 APPROVAL_REQUIRED and nothing
 * is written; the client then posts the same change to POST /api/change-requests. A kind with a `gate`
 * is judged on the row its apply locked, so a concurrent write cannot slip a change past the check.
 */
export async function applyDirect<C extends Change>(
  db: Database,
  change: C,
  actor: Actor,
  options: DirectOptions = {},
): Promise<DirectResult<C['kind']>> {
  const result = await db.transaction(async (tx) => {
    const handler = handlerOf(change);
    const { scope, environment } = await handler.target(tx, change);
    const { requiredApprovals } = await getApprovalPolicy(tx, scope);
    const check = (where: Environment | null) => {
      if (where !== null && requiredApprovals[where] > 0) {
        throw approvalRequired(scope, where, requiredApprovals[where]);
      }
    };
    if (!handler.gate) {
      check(environment);
      return handler.apply(tx, change, actor, options);
    }
    const onLocked = (locked: unknown) => check(handler.gate?.(change, locked) ?? null);
    return handler.apply(tx, change, actor, { ...options, onLocked });
  });
  // handlerOf widens the handler to every change, so its result is unknown; it is the handler of this
  // change's own kind, whose result DirectResult names (TypeScript cannot correlate the two).
  return result as DirectResult<C['kind']>;
}
