import { eq, sql, type SQL } from 'drizzle-orm';
import type { ChangeRequest } from '../../contract/changes';
import { viewerCan, type Viewer } from '../auth/viewer';
import type { Database, Transaction } from '../db/client';
import { changeRequestEvents, changeRequests, tenants } from '../db/schema';
import { notFound } from '../errors';
import { type ChangeRequestRow } from './apply';
import { mayReview, roundApprovers } from './reviewers';

/* A change request's row as the service reads it: who may see it, its summary, its lock. */

export const NOT_FOUND = 'Change request';

export const mayRead = (viewer: Viewer, request: Pick<ChangeRequestRow, 'tenantId'>): boolean =>
  viewer.isAdmin || (request.tenantId !== null && viewerCan(viewer, request.tenantId, 'read'));

export const isAuthor = (viewer: Viewer, request: Pick<ChangeRequestRow, 'requestedById'>): boolean =>
  request.requestedById === viewer.user.id;

/**
 * May the viewer cancel, refresh or reschedule the request? A person: its requester or a reviewer of it.
 * A token: only a request it filed itself (docs/automation.md), whatever its owner's role.
 */
export const isSteward = (viewer: Viewer, request: ChangeRequestRow): boolean =>
  viewer.token
    ? request.requestedTokenId === viewer.token.id
    : isAuthor(viewer, request) || mayReview(viewer, request);

/** Reads and locks a request the viewer may see; a request they may not see is not found. */
export async function lockRequest(tx: Transaction, id: string, viewer: Viewer): Promise<ChangeRequestRow> {
  const [row] = await tx.select().from(changeRequests).where(eq(changeRequests.id, id)).for('update');
  if (!row || !mayRead(viewer, row)) throw notFound(NOT_FOUND);
  return row;
}

export const approvalsOf = (round: SQL | number) =>
  sql<number>`(select count(*)::int from ${changeRequestEvents} e where e.change_request_id = ${changeRequests.id} and e.kind = 'approve' and e.round = ${round})`;

export const summaryColumns = {
  id: changeRequests.id,
  number: changeRequests.number,
  tenantId: changeRequests.tenantId,
  tenantName: tenants.name,
  environment: changeRequests.environment,
  kind: changeRequests.kind,
  title: changeRequests.title,
  description: changeRequests.description,
  status: changeRequests.status,
  requiredApprovals: changeRequests.requiredApprovals,
  approvals: approvalsOf(sql`${changeRequests.round}`),
  requestedBy: changeRequests.requestedBy,
  createdAt: changeRequests.createdAt,
  updatedAt: changeRequests.updatedAt,
  scheduledAt: changeRequests.scheduledAt,
  scheduleTimeZone: changeRequests.scheduleTimeZone,
  appliedAt: changeRequests.appliedAt,
  appliedBy: changeRequests.appliedBy,
  outcome: changeRequests.outcome,
  bypassReason: changeRequests.bypassReason,
  changeCount: changeRequests.changeCount,
  revision: changeRequests.revision,
};

export async function summaryOf(db: Database | Transaction, id: string): Promise<ChangeRequest> {
  const [row] = await db
    .select(summaryColumns)
    .from(changeRequests)
    .leftJoin(tenants, eq(tenants.id, changeRequests.tenantId))
    .where(eq(changeRequests.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Approvals of the request's current round, and whether the viewer gave one. */
export async function approvalState(tx: Database | Transaction, request: ChangeRequestRow, viewer: Viewer) {
  const approvers = await roundApprovers(tx, request);
  return { approvals: approvers.length, mine: approvers.includes(viewer.user.id) };
}
