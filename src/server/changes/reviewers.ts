import { TOKEN_MESSAGES } from '../../contract/api-tokens';
import { and, eq, inArray, notInArray, type SQL } from 'drizzle-orm';
import type { Change, ChangeKind } from '../../contract/changes';
import { isOneOf } from '../../contract/common';
import { viewerCan, type Viewer } from '../auth/viewer';
import type { Executor } from '../db/client';
import { changeRequestEvents, changeRequests } from '../db/schema';
import { forbidden } from '../errors';
import type { ChangeTarget } from './kinds';
import { requiredApprovalsFor } from './policy';

/**
 * Who reviews what (docs/changes.md). Owners and admins of a tenant review its requests and global
 * administrators review any, except the governance of reviews itself: a change of an approval policy is
 * reviewed by global administrators only (a tenant must not waive its own reviews), needs exactly one
 * approval from someone other than the requester whatever the policy it changes says (lowering to 0
 * must not need 0), and may not be bypassed, since a bypass would be the silent lowering it replaces.
 */
const GOVERNANCE_KINDS: readonly ChangeKind[] = ['approval_policy.set'];
const GOVERNANCE_APPROVALS = 1;

const isGovernance = (kind: string): boolean => isOneOf(GOVERNANCE_KINDS, kind);

type Reviewed = { tenantId: string | null; kind: string };

/** May the viewer approve or reject this request (the requester is refused separately)? */
export const mayReview = (viewer: Viewer, request: Reviewed): boolean =>
  viewer.isAdmin ||
  (!isGovernance(request.kind) &&
    request.tenantId !== null &&
    viewerCan(viewer, request.tenantId, 'approve'));

/** Why the viewer may not review it, in plain words. */
export function reviewRefusal(request: Reviewed, doing: 'approve' | 'reject'): string {
  if (isGovernance(request.kind))
    return `Only global administrators can ${doing} changes of an approval policy`;
  return request.tenantId === null
    ? `Only global administrators can ${doing} platform changes`
    : `Only owners and admins of the tenant can ${doing} its changes`;
}

/** The requests a viewer who reviews `tenantIds` (not every tenant) may review: no governance ones. */
export function reviewableIn(tenantIds: string[]): SQL | undefined {
  return and(
    inArray(changeRequests.tenantId, tenantIds),
    notInArray(changeRequests.kind, [...GOVERNANCE_KINDS]),
  );
}

/** The approvals a request needs: its scope's policy, or one for the governance of reviews. */
export async function requiredApprovalsOf(
  db: Executor,
  change: Change,
  target: ChangeTarget,
): Promise<number> {
  if (isGovernance(change.kind)) return GOVERNANCE_APPROVALS;
  return requiredApprovalsFor(db, target.scope, target.environment);
}

/** A bypass is for global administrators, and never for the governance of reviews. */
export function assertMayBypass(viewer: Viewer, change: Change): void {
  // Four eyes stays human: a pipeline may ask for a change, never wave its reviews through.
  if (viewer.token) throw forbidden(TOKEN_MESSAGES.humanOnly);
  if (!viewer.isAdmin) throw forbidden('Only global administrators can apply a change without its approvals');
  if (isGovernance(change.kind)) {
    throw forbidden(
      'A change of an approval policy cannot be bypassed: another global administrator must approve it',
    );
  }
}

/** Who approved the request in its current round (a refresh or a reopen starts a new one). */
export async function roundApprovers(
  db: Executor,
  request: { id: string; round: number },
): Promise<string[]> {
  const rows = await roundApprovals(db, request);
  return rows.flatMap((row) => (row.authorId === null ? [] : [row.authorId]));
}

/** The approvals of the request's current round: each approver's account and their address at the time. */
export async function roundApprovals(db: Executor, request: { id: string; round: number }) {
  return db
    .select({ authorId: changeRequestEvents.authorId, author: changeRequestEvents.author })
    .from(changeRequestEvents)
    .where(
      and(
        eq(changeRequestEvents.changeRequestId, request.id),
        eq(changeRequestEvents.kind, 'approve'),
        eq(changeRequestEvents.round, request.round),
      ),
    );
}
