import { and, count, eq, exists, inArray, notExists, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  ChangeKind,
  ChangeRequestDetail,
  ChangeRequestQuery,
  ChangeSummary,
} from '../../contract/changes';
import { tenantScope, type Viewer } from '../auth/viewer';
import type { Database, Transaction } from '../db/client';
import { namedFrom } from '../db/lazy-select';
import { containsAny, pageQueries, listWindow, listOf } from '../db/list';
import { changeRequestEvents, changeRequestItems, changeRequests, tenants } from '../db/schema';
import { notFound } from '../errors';
import type { ChangeRequestRow } from './apply';
import { releaseDetail } from './release-detail';
import { mayReview, reviewableIn } from './reviewers';
import { secondPersonFilter, whyNotSecondPerson } from './four-eyes';
import {
  approvalState,
  isAuthor,
  isSteward,
  mayRead,
  NOT_FOUND,
  summaryColumns,
  summaryOf,
} from './request-rows';

/* Reading change requests: one with its timeline and what the viewer may do, the lists, the badge. */

/** A request's history (comments, reviews, state changes), oldest first. */
function eventsOf(tx: Transaction, id: string) {
  return tx
    .select({
      id: changeRequestEvents.id,
      kind: changeRequestEvents.kind,
      round: changeRequestEvents.round,
      author: changeRequestEvents.author,
      body: changeRequestEvents.body,
      createdAt: changeRequestEvents.createdAt,
    })
    .from(changeRequestEvents)
    .where(eq(changeRequestEvents.changeRequestId, id))
    .orderBy(changeRequestEvents.createdAt, changeRequestEvents.id);
}

/** One request with its diff, timeline, whether it went stale, and what the viewer may do. */
export async function getChangeRequest(
  db: Database,
  id: string,
  viewer: Viewer,
): Promise<ChangeRequestDetail> {
  return db.transaction(async (tx) => {
    const [request] = await tx.select().from(changeRequests).where(eq(changeRequests.id, id));
    if (!request || !mayRead(viewer, request)) throw notFound(NOT_FOUND);
    const summary = await summaryOf(tx, id);
    const events = await eventsOf(tx, id);
    const open = request.status === 'pending' || request.status === 'scheduled';
    const release = await releaseDetail(tx, request, open);
    const stale = release.detail.staleChange !== null;
    const { mine } = await approvalState(tx, request, viewer);
    const reviewer = mayReview(viewer, request);
    const author = isAuthor(viewer, request);
    const approveBlockedBy =
      !reviewer || request.status !== 'pending'
        ? null
        : ((await whyNotSecondPerson(tx, viewer, request)) ??
          (mine
            ? 'You have approved this change request'
            : stale
              ? 'What it changes has moved on since the request: refresh it first'
              : null));
    const steward = isSteward(viewer, request);
    return {
      ...summary,
      ...release.detail,
      stale,
      events,
      can: {
        approve: reviewer && request.status === 'pending' && approveBlockedBy === null,
        reject: reviewer && !author && open,
        cancel: steward && open,
        refresh: steward && open,
        schedule: steward && open,
        comment: true,
        revert: steward && request.status === 'applied' && release.revertible,
        promote: steward && request.status === 'applied' && request.environment !== 'production',
        approveBlockedBy,
      },
    };
  });
}

/**
 * Requests the viewer may approve now: open, in their tenants, filed by another person (four-eyes.ts),
 * not yet approved by them.
 */
export function waitingFor(db: Database, viewer: Viewer): SQL | undefined {
  const mine = alias(changeRequestEvents, 'mine');
  const scope = tenantScope(viewer, 'approve');
  return and(
    eq(changeRequests.status, 'pending'),
    secondPersonFilter(viewer.user.id),
    scope.all ? undefined : reviewableIn(scope.tenantIds),
    notExists(
      db
        .select({ id: mine.id })
        .from(mine)
        .where(
          and(
            eq(mine.changeRequestId, changeRequests.id),
            eq(mine.kind, 'approve'),
            eq(mine.round, changeRequests.round),
            eq(mine.authorId, viewer.user.id),
          ),
        ),
    ),
  );
}

/** Requests holding a change of the kind, wherever it stands in the set. */
function containsKind(db: Database, kind: ChangeKind): SQL {
  return exists(
    db
      .select({ id: changeRequestItems.id })
      .from(changeRequestItems)
      .where(
        and(eq(changeRequestItems.changeRequestId, changeRequests.id), eq(changeRequestItems.kind, kind)),
      ),
  );
}

/** Requests the viewer may read: every one for global administrators, else their tenants' (no platform). */
export function readable(viewer: Viewer): SQL | undefined {
  const scope = tenantScope(viewer, 'read');
  return scope.all ? undefined : inArray(changeRequests.tenantId, scope.tenantIds);
}

const STATES: Record<NonNullable<ChangeRequestQuery['state']>, ChangeRequestRow['status'][]> = {
  open: ['pending'],
  scheduled: ['scheduled'],
  closed: ['applied', 'rejected', 'cancelled', 'failed'],
};

const changeRequestSortColumns = {
  number: changeRequests.number,
  createdAt: changeRequests.createdAt,
  updatedAt: changeRequests.updatedAt,
  scheduledAt: changeRequests.scheduledAt,
  status: changeRequests.status,
};

/** The statements of one Changes page (exported so the EXPLAIN test checks the SQL the list runs). */
/** The Changes list's FROM: each request's summary, with its tenant's name (an outer join). */
const changeRequestsFrom = namedFrom(summaryColumns, (db) =>
  db
    .select(summaryColumns)
    .from(changeRequests)
    .leftJoin(tenants, eq(tenants.id, changeRequests.tenantId))
    .$dynamic(),
);

export function changeRequestListQueries(db: Database, query: ChangeRequestQuery, viewer: Viewer) {
  const where = and(
    readable(viewer),
    query.view === 'waiting' ? waitingFor(db, viewer) : undefined,
    query.view === 'mine' ? eq(changeRequests.requestedById, viewer.user.id) : undefined,
    query.state ? inArray(changeRequests.status, STATES[query.state]) : undefined,
    query.status ? eq(changeRequests.status, query.status) : undefined,
    query.tenantId ? eq(changeRequests.tenantId, query.tenantId) : undefined,
    query.environment ? eq(changeRequests.environment, query.environment) : undefined,
    query.kind ? containsKind(db, query.kind) : undefined,
    containsAny(query.q, [changeRequests.title, changeRequests.requestedBy]),
  );
  const window = listWindow(query, {
    fallback: '-createdAt',
    columns: changeRequestSortColumns,
    id: changeRequests.id,
    unique: ['number'],
  });
  return pageQueries(db, changeRequestsFrom, {
    table: changeRequests,
    where,
    window,
    exactTotal: query.exactTotal,
  });
}

/** The Changes list: filters, search over title and requester, sort and paging on the server. */
export const listChangeRequests = listOf(changeRequestListQueries);

/** The sidebar badge: how many requests wait for the viewer's approval. */
export async function changeSummary(db: Database, viewer: Viewer): Promise<ChangeSummary> {
  const [row] = await db
    .select({ n: count() })
    .from(changeRequests)
    .where(and(readable(viewer), waitingFor(db, viewer)));
  return { waitingForMe: Number(row?.n ?? 0) };
}
