import { and, getTableName, sql, type SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { CursorKey } from '../../contract/list-cursor';
import { ADVISORY_LOCKS } from '../locks';
import type { Executor } from './client';
import { firstValue } from './execute-rows';
import { pastBoundary, type SeekOrder } from './keyset';

/*
 * Landmarks (docs/lists.md, "Landmarks"): a list remembers the sort key of every LANDMARK_SPACING-th
 * row of an order (a table, a sort, filters on that table alone), so an offset page starts from the
 * landmark just before it instead of from the first row. They are valid only while the table's write
 * generation is the one they were read at: every statement that writes a table of LANDMARKED_TABLES moves
 * its sequence `<table>_list_generation` on (migration 0024), holding the shared advisory lock
 * ADVISORY_LOCKS.listGeneration on the table to its commit.
 */

/** The tables whose writes bump a generation (migration 0024): only their lists read pages from landmarks. */
export const LANDMARKED_TABLES = [
  'tenants',
  'microfrontend_versions',
  'users',
  'user_profiles',
  'capabilities',
  'microfrontends',
  'web_apps',
  'web_app_meshes',
  'audit_events',
  'change_requests',
] as const;

const landmarked = new Set<string>(LANDMARKED_TABLES);

/** Rows between two landmarks: a page read from a landmark walks fewer than this many rows first. */
export const LANDMARK_SPACING = 25;

/**
 * What is kept, least recently used first out: orders (table, sort and filters; each search may make
 * one) and landmarks in all (about 150 bytes each, so 15 MB at most, whatever the requests ask).
 */
const MAX_ORDERS = 200;
export const MAX_LANDMARKS = 100_000;

interface Landmark {
  key: CursorKey;
  id: string;
}

/** The landmarks of one list order: `marks[j]` is the row at index `(j + 1) * spacing - 1`. */
interface Entry {
  generation: string;
  marks: Landmark[];
}

/** What a landmark page reads, given where to start: the page's rows (the list's deferred page). */
export interface LandmarkRead<T> {
  table: PgTable;
  /** The list's filters, on its own table's columns only (own-filters.ts). */
  where: SQL | undefined;
  order: SeekOrder;
  orderBy: SQL[];
  /** The list's sort, naming the entry (one per table and sort). */
  sort: string;
  offset: number;
  /** The page: `offset` rows skipped past `boundary`. */
  pageAfter(boundary: SQL | undefined, offset: number): PromiseLike<T[]>;
  /** The page read from the first row, when no landmark serves it. */
  walk(): PromiseLike<T[]>;
}

const generationSequence = (table: PgTable) => sql.identifier(`${getTableName(table)}_list_generation`);

/** The table's write generation now (a sequence: read outside any snapshot, so it is never stale). */
async function generationOf(db: Executor, table: PgTable): Promise<string> {
  const result = await db.execute(sql`select last_value::text as g from ${generationSequence(table)}`);
  const g = firstValue(result, 'g');
  if (typeof g !== 'string') throw new Error(`No list generation for ${getTableName(table)}`);
  return g;
}

const dialect = new PgDialect();

/** An entry's name: the table, the sort and the filters with their values. */
function entryName(table: PgTable, sort: string, where?: SQL): string {
  const filter = where ? dialect.sqlToQuery(where) : undefined;
  return JSON.stringify([getTableName(table), sort, filter?.sql, filter?.params]);
}

/** A landmark's key as the boundary compares it: integers as numbers, everything else as its text. */
function keyOf(column: PgColumn, text: string | null): CursorKey {
  if (text === null) return null;
  return /^(integer|bigint|smallint)/.test(column.getSQLType()) ? Number(text) : text;
}

/** The landmarks of every list order of one database. */
export class Landmarks {
  private readonly entries = new Map<string, Entry>();
  /** Landmarks held across all entries. */
  private held = 0;

  constructor(
    private readonly spacing = LANDMARK_SPACING,
    private readonly maxLandmarks = MAX_LANDMARKS,
  ) {}

  /** Whether landmarks of the table's list in this sort and filter are held (whatever their generation). */
  knows(table: PgTable, sort: string, where?: SQL): boolean {
    return this.entries.has(entryName(table, sort, where));
  }

  static isLandmarked(table: PgTable): boolean {
    return landmarked.has(getTableName(table));
  }

  /**
   * The page read from the landmark before `offset`, or undefined when none may serve it (the page is
   * near the start, the table changed since, or a writer held the table while landmarks were read); the
   * caller then reads it from the first row.
   */
  async read<T>(db: Executor, read: LandmarkRead<T>): Promise<T[] | undefined> {
    const index = Math.floor(read.offset / this.spacing);
    if (index === 0) return undefined;
    const name = entryName(read.table, read.sort, read.where);
    const entry = await this.entryUpTo(db, name, read, index);
    const mark = entry?.marks[index - 1];
    if (!entry || !mark) return undefined;
    const rows = await read.pageAfter(
      pastBoundary(read.order, mark.key, mark.id),
      read.offset - index * this.spacing,
    );
    // Read after the page: a write committed before the page's snapshot bumped the sequence before it.
    if ((await generationOf(db, read.table)) === entry.generation) return rows;
    this.remember(name, undefined);
    return undefined;
  }

  /** The entry with at least `count` landmarks, read now when it has fewer (or is of an older generation). */
  private async entryUpTo(db: Executor, name: string, read: LandmarkRead<unknown>, count: number) {
    const known = this.entries.get(name);
    const entry =
      known && known.marks.length >= count ? known : await this.readLandmarks(db, read, count, known);
    this.remember(name, entry);
    return entry;
  }

  /** Keeps an order's landmarks as the most recently used (none: forgets them), within the bounds. */
  private remember(name: string, entry: Entry | undefined): void {
    const previous = this.entries.get(name);
    if (previous) {
      this.entries.delete(name);
      this.held -= previous.marks.length;
    }
    if (!entry) return;
    this.entries.set(name, entry);
    this.held += entry.marks.length;
    // A Map iterates in insertion order: least recently used first. The newest entry always stays.
    for (const [oldest, old] of this.entries) {
      if (oldest === name || (this.entries.size <= MAX_ORDERS && this.held <= this.maxLandmarks)) break;
      this.entries.delete(oldest);
      this.held -= old.marks.length;
    }
  }

  /**
   * Reads landmarks up to `count` in one transaction that holds the table's generation lock exclusively:
   * no writer of the table is then in flight, so the rows read are exactly those of the generation read
   * alongside (a writer that comes later bumps it). When a writer holds the lock, nothing is read.
   */
  private async readLandmarks(
    db: Executor,
    read: LandmarkRead<unknown>,
    count: number,
    known: Entry | undefined,
  ): Promise<Entry | undefined> {
    // Inside a caller's transaction the lock would be held to its end, blocking the table's writers.
    if (db instanceof PgTransaction) return undefined;
    const { table, order, orderBy } = read;
    return db.transaction(async (tx) => {
      const locked = await tx.execute(
        sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.listGeneration}::int, hashtext(${getTableName(table)})) as ok`,
      );
      if (firstValue(locked, 'ok') !== true) return undefined;
      const generation = await generationOf(tx, table);
      const kept = known?.generation === generation ? known.marks : [];
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
        .limit((count - kept.length) * this.spacing)
        .as('walk');
      const found = await tx
        .select({ key: walk.key, id: walk.id })
        .from(walk)
        .where(sql`${walk.n} % ${this.spacing} = 0`)
        .orderBy(walk.n);
      const marks = found.map((row) => ({ key: keyOf(order.column, row.key), id: row.id }));
      return { generation, marks: [...kept, ...marks] };
    });
  }
}

const perDatabase = new WeakMap<Executor, Landmarks>();

/** The landmarks of one database (the executor every request of the process shares). */
export function landmarksOf(db: Executor): Landmarks {
  let landmarks = perDatabase.get(db);
  if (!landmarks) {
    landmarks = new Landmarks();
    perDatabase.set(db, landmarks);
  }
  return landmarks;
}
