import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Environment } from '../../contract/common';
import {
  OVERVIEW_ACTIVITY_DAYS,
  type OverviewActivity,
  type OverviewActivityDay,
} from '../../contract/overview-attention';
import type { Viewer } from '../auth/viewer';
import { readable } from '../changes/reads';
import type { Database } from '../db/client';
import { changeRequestEvents, changeRequests } from '../db/schema';

const DAY_MS = 86_400_000;

/** The UTC day of a timestamp column, as the contract's YYYY-MM-DD. */
const utcDay = (column: AnyPgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/** The first instant of the window: midnight UTC, OVERVIEW_ACTIVITY_DAYS - 1 days before today's. */
function windowStart(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(midnight - (OVERVIEW_ACTIVITY_DAYS - 1) * DAY_MS);
}

/**
 * Change volume per UTC day over the last 30, among the requests the viewer may read: three grouped
 * statements, each a range of one partial index (migration 0021), then every day filled in.
 */
export async function overviewActivity(db: Database, viewer: Viewer): Promise<OverviewActivity> {
  const start = windowStart(new Date());
  const since = start.toISOString();
  const mayRead = readable(viewer);
  const appliedDay = utcDay(changeRequests.appliedAt);
  const failedDay = utcDay(changeRequests.updatedAt);
  const revertDay = utcDay(changeRequestEvents.createdAt);
  const [applied, failed, reverted] = await Promise.all([
    db
      .select({ day: appliedDay, environment: changeRequests.environment, n: count() })
      .from(changeRequests)
      .where(and(mayRead, eq(changeRequests.status, 'applied'), gte(changeRequests.appliedAt, since)))
      .groupBy(appliedDay, changeRequests.environment),
    db
      .select({ day: failedDay, n: count() })
      .from(changeRequests)
      .where(and(mayRead, eq(changeRequests.status, 'failed'), gte(changeRequests.updatedAt, since)))
      .groupBy(failedDay),
    db
      .select({ day: revertDay, n: count() })
      .from(changeRequestEvents)
      .innerJoin(changeRequests, eq(changeRequests.id, changeRequestEvents.changeRequestId))
      .where(and(mayRead, eq(changeRequestEvents.kind, 'revert'), gte(changeRequestEvents.createdAt, since)))
      .groupBy(revertDay),
  ]);
  const days = new Map<string, OverviewActivityDay>();
  for (let i = 0; i < OVERVIEW_ACTIVITY_DAYS; i += 1) {
    const day = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    days.set(day, { day, development: 0, uat: 0, production: 0, failed: 0, rolledBack: 0 });
  }
  const add = (day: string, key: Environment | 'failed' | 'rolledBack', n: number) => {
    const entry = days.get(day);
    if (entry) entry[key] += n;
  };
  for (const row of applied) add(row.day, row.environment, Number(row.n));
  for (const row of failed) add(row.day, 'failed', Number(row.n));
  for (const row of reverted) add(row.day, 'rolledBack', Number(row.n));
  return { days: [...days.values()] };
}
