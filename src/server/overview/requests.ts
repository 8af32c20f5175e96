import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  OVERVIEW_CARD_LIMIT,
  type OverviewRequest,
  type OverviewRequests,
  type OverviewScheduled,
} from '../../contract/overview-attention';
import type { Viewer } from '../auth/viewer';
import { readable, waitingFor } from '../changes/reads';
import type { Database } from '../db/client';
import { changeRequests, tenants } from '../db/schema';

/* The Overview's change request cards: the same rules as the Changes list's views, counted and capped. */

const columns = {
  id: changeRequests.id,
  number: changeRequests.number,
  title: changeRequests.title,
  environment: changeRequests.environment,
  tenantId: changeRequests.tenantId,
  tenantName: tenants.name,
  status: changeRequests.status,
  requestedBy: changeRequests.requestedBy,
  createdAt: changeRequests.createdAt,
  scheduledAt: changeRequests.scheduledAt,
};

const rowsWhere = (db: Database) =>
  db
    .select(columns)
    .from(changeRequests)
    .leftJoin(tenants, eq(tenants.id, changeRequests.tenantId))
    .$dynamic();

/** Waiting for the viewer (oldest first: the longest wait on top) and the viewer's own: four statements. */
export async function overviewRequests(db: Database, viewer: Viewer): Promise<OverviewRequests> {
  const waiting = and(readable(viewer), waitingFor(db, viewer));
  const mine = and(readable(viewer), eq(changeRequests.requestedById, viewer.user.id));
  const [waitingTotal, waitingItems, mineCounts, mineItems] = await Promise.all([
    db.select({ n: count() }).from(changeRequests).where(waiting),
    rowsWhere(db)
      .where(waiting)
      .orderBy(asc(changeRequests.createdAt), asc(changeRequests.id))
      .limit(OVERVIEW_CARD_LIMIT),
    db
      .select({ status: changeRequests.status, n: count() })
      .from(changeRequests)
      .where(mine)
      .groupBy(changeRequests.status),
    rowsWhere(db)
      .where(and(mine, inArray(changeRequests.status, ['pending', 'scheduled'])))
      .orderBy(desc(changeRequests.createdAt), desc(changeRequests.id))
      .limit(OVERVIEW_CARD_LIMIT),
  ]);
  const of = (status: OverviewRequest['status']) =>
    Number(mineCounts.find((row) => row.status === status)?.n ?? 0);
  const counts = {
    pending: of('pending'),
    scheduled: of('scheduled'),
    applied: of('applied'),
    rejected: of('rejected'),
    cancelled: of('cancelled'),
    failed: of('failed'),
  };
  return {
    waiting: { total: Number(waitingTotal[0]?.n ?? 0), items: waitingItems },
    mine: { counts, items: mineItems },
  };
}

/**
 * Requests the viewer may read due to apply within the next 24 hours (an overdue one the scheduler has not
 * taken yet included), soonest first: two statements.
 */
export async function overviewScheduled(db: Database, viewer: Viewer): Promise<OverviewScheduled> {
  const due = and(
    readable(viewer),
    eq(changeRequests.status, 'scheduled'),
    lte(changeRequests.scheduledAt, sql`now() + interval '24 hours'`),
  );
  const [total, items] = await Promise.all([
    db.select({ n: count() }).from(changeRequests).where(due),
    rowsWhere(db)
      .where(due)
      .orderBy(asc(changeRequests.scheduledAt), asc(changeRequests.id))
      .limit(OVERVIEW_CARD_LIMIT),
  ]);
  return { total: Number(total[0]?.n ?? 0), items };
}
