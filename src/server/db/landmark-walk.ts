import { and, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CursorKey } from '../../contract/list-cursor';
import { ADVISORY_LOCKS } from '../locks';
import type { Database, Executor } from './client';
import { firstValue } from './execute-rows';
import { isStatementTimeout } from './faults';
import { pastBoundary, type SeekOrder } from './keyset';

/*
 * How landmarks are read (landmarks.ts keeps them): one walk of the list's order per locked transaction,
 * under the table's generation lock held exclusively, so the rows read are those of the generation read
 * alongside (docs/lists.md, "Landmarks").
 */

export interface Landmark {
  key: CursorKey;
  id: string;
}

/** The landmarks of one list order: `marks[j]` is the row at index `(j + 1) * spacing - 1`. */
export interface LandmarkEntry {
  generation: string;
  marks: Landmark[];
}

/** A deep offset page of one list order, and how to read it from a landmark or from the first row. */
export interface LandmarkRead<T> {
  table: PgTable;
  /** The list's filters, on its own table's columns only (own-filters.ts). */
  where: SQL | undefined;
  order: SeekOrder;
  orderBy: SQL[];
  /** The list's sort: with the table and the filters, it names the order's landmarks. */
  sort: string;
  offset: number;
  /** The page: `offset` rows skipped past `boundary`, read by the list's own SELECT. */
  pageAfter(boundary: SQL | undefined, offset: number): PromiseLike<T[]>;
  /** The page read from the first row, when no landmark serves it. */
  walk(): PromiseLike<T[]>;
}

const generationSequence = (table: PgTable) => sql.identifier(`${getTableName(table)}_list_generation`);

/**
 * The table's write generation now (a sequence: read outside any snapshot, so it is never stale). A
 * sequence never moved says 1 as its first nextval does, so that state reads as 0.
 */
export async function generationOf(db: Executor, table: PgTable): Promise<string> {
  const result = await db.execute(
    sql`select (case when is_called then last_value else 0 end)::text as g from ${generationSequence(table)}`,
  );
  const g = firstValue(result, 'g');
  if (typeof g !== 'string') throw new Error(`No list generation for ${getTableName(table)}`);
  return g;
}

/** A landmark's key as the boundary compares it: integers as numbers, everything else as its text. */
function keyOf(column: PgColumn, text: string | null): CursorKey {
  if (text === null) return null;
  return /^(integer|bigint|smallint)/.test(column.getSQLType()) ? Number(text) : text;
}

/** A locked walk is given up past this: a filter that keeps few rows may scan many to find them. */
export const WALK_TIMEOUT_MS = 250;

/**
 * One locked walk: the landmarks after those of `from` (all of them anew when the table changed since),
 * up to `count` in all and at most `maxMarks` more. `exhausted`: the order has no more rows. Undefined
 * when a writer of the table is in flight, or the walk ran past `timeoutMs` (its lock wait aside).
 */
export async function walkLandmarks(
  db: Database,
  read: LandmarkRead<unknown>,
  spacing: number,
  from: LandmarkEntry | undefined,
  { count, maxMarks, timeoutMs }: { count: number; maxMarks: number; timeoutMs: number },
): Promise<(LandmarkEntry & { exhausted: boolean }) | undefined> {
  const { table, order, orderBy } = read;
  try {
    return await db.transaction(async (tx) => {
      // The table's lock before the advisory one, as its writers take them: a writer that altered the
      // table and then writes to it would otherwise wait for this walk while the walk waits for it.
      await tx.execute(sql`lock table ${table} in access share mode`);
      const name = getTableName(table);
      const locked = await tx.execute(
        sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.listGeneration}::int, hashtext(${name})) as ok`,
      );
      if (firstValue(locked, 'ok') !== true) return undefined;
      await tx.execute(sql.raw(`set local statement_timeout = ${Math.round(timeoutMs)}`));
      const generation = await generationOf(tx, table);
      const kept = from?.generation === generation ? from.marks : [];
      const want = Math.min(count - kept.length, maxMarks);
      const last = kept.at(-1);
      const walk = tx
        .select({
          key: sql<string | null>`${order.column}::text`.as('key'),
          id: sql<string>`${order.id}`.as('id'),
          n: sql<number>`row_number() over (order by ${sql.join(orderBy, sql`, `)})`.as('n'),
        })
        .from(table)
        .where(and(read.where, last ? pastBoundary(order, last.key, last.id) : undefined))
        .orderBy(...orderBy)
        .limit(want * spacing)
        .as('walk');
      const found = await tx
        .select({ key: walk.key, id: walk.id })
        .from(walk)
        .where(sql`${walk.n} % ${spacing} = 0`)
        .orderBy(walk.n);
      const marks = found.map((row) => ({ key: keyOf(order.column, row.key), id: row.id }));
      return { generation, marks: [...kept, ...marks], exhausted: marks.length < want };
    });
  } catch (error) {
    if (isStatementTimeout(error)) return undefined;
    throw error;
  }
}
