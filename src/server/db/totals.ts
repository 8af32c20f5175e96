import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import { firstValue } from './execute-rows';

/**
 * From this many rows on, an unfiltered list's total is the planner's estimate, not a count: counting
 * 200,000 audit events on every page cost more than the page itself (docs/lists.md).
 */
export const ESTIMATE_THRESHOLD = 10_000;

/**
 * The planner's row estimate of a table (pg_class.reltuples, kept by ANALYZE and autovacuum) when it
 * is at least ESTIMATE_THRESHOLD; undefined when the table is smaller, or never analysed (-1: PGlite
 * before its first ANALYZE), so the caller counts.
 */
export async function largeTableEstimate(db: Executor, table: PgTable): Promise<number | undefined> {
  const result = await db.execute(
    sql`select reltuples::float8 as n from pg_class where oid = to_regclass(${getTableName(table)})`,
  );
  const n = Number(firstValue(result, 'n'));
  return Number.isFinite(n) && n >= ESTIMATE_THRESHOLD ? Math.round(n) : undefined;
}
