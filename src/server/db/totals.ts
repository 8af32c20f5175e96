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
 * How long a table's pg_class reading is reused before it is read again. reltuples itself only moves
 * when ANALYZE or autovacuum runs, so reading it on every full first page (one more round trip: 16-28%
 * of a large list's CPU per request, docs/lists.md) bought nothing; the estimate lags that much longer.
 */
export const ESTIMATE_REUSE_MS = 30_000;

/** pg_class readings taken recently, per database handle and table: a transaction's handle starts empty. */
const recentReadings = new WeakMap<Executor, Map<string, { reltuples: number; until: number }>>();

/**
 * The planner's row estimate of a table (pg_class.reltuples, kept by ANALYZE and autovacuum) when it
 * is at least ESTIMATE_THRESHOLD; undefined when the table is smaller, or never analysed (-1: PGlite
 * before its first ANALYZE), so the caller counts. A reading is reused for ESTIMATE_REUSE_MS, whatever
 * it said: a table that grew past the threshold moves to the estimate that much later.
 */
export async function largeTableEstimate(db: Executor, table: PgTable): Promise<number | undefined> {
  const reltuples = await readReltuples(db, getTableName(table));
  return Number.isFinite(reltuples) && reltuples >= ESTIMATE_THRESHOLD ? Math.round(reltuples) : undefined;
}

async function readReltuples(db: Executor, name: string): Promise<number> {
  let recent = recentReadings.get(db);
  const known = recent?.get(name);
  const now = performance.now();
  if (known && known.until > now) return known.reltuples;
  const result = await db.execute(
    sql`select reltuples::float8 as n from pg_class where oid = to_regclass(${name})`,
  );
  const reltuples = Number(firstValue(result, 'n'));
  if (!recent) recentReadings.set(db, (recent = new Map()));
  recent.set(name, { reltuples, until: now + ESTIMATE_REUSE_MS });
  return reltuples;
}

/** Forgets the readings taken through `db` (tests: a reading from before an ANALYZE would still answer). */
export const forgetTableReadings = (db: Executor): void => void recentReadings.delete(db);
