import { and, count, ilike, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import { readRows } from './compiled-select';
import { deferredOffsetPage, primaryKeyOf } from './deferred-page';
import { countFrom, DescribedSelect, type SelectFrom } from './lazy-select';
import type { ListWindow } from './keyset';
import type { LandmarkRead } from './landmark-walk';
import { Landmarks, landmarksOf } from './landmarks';
import { readsOnlyTable } from './own-filters';
import { pageCursors } from './page-cursors';
import { largeTableEstimate } from './totals';

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A case-insensitive "contains" over several columns, with LIKE wildcards in the input escaped.
 * Each column searched on a large table has a pg_trgm GIN index, which serves `ilike '%term%'`
 * (for terms of three characters or more; shorter ones scan).
 */
export function containsAny(q: string | undefined, columns: PgColumn[]): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const pattern = likePattern(term);
  return or(...columns.map((column) => ilike(column, pattern)));
}

/**
 * ORDER BY, windows and the default limit live in keyset.ts; re-exported so services keep one import.
 */
export { DEFAULT_LIST_LIMIT, listWindow, offsetWindow, orderByFor, type ListWindow } from './keyset';

/**
 * The statements of a list: the page, the count of every row the filters keep (built only when a total
 * must be counted, which most pages spare), and how the page is read.
 */
export interface ListQueries<T> {
  page: PromiseLike<T[]>;
  count: () => PromiseLike<{ n: number }[]>;
  window: ListWindow;
  /**
   * The table whose planner estimate may stand for the count: give it only when nothing narrows the
   * list (no search, filter or scope), since the estimate is of the whole table.
   */
  estimateOf?: PgTable;
  /** `?exactTotal=true`: always count. */
  exactTotal?: boolean;
  /** A deep offset page whose filters read only its table, which may be read from a landmark (landmarks.ts). */
  seek?: LandmarkRead<T>;
}

/** How one page of a list is read: the FROM its count repeats, the filters, the window. */
export interface PageSpec {
  /** The list's table: the count's FROM, and the table whose estimate may stand for the count. */
  table: PgTable;
  /** The filters, without the cursor's boundary (the count and the estimate ignore the cursor). */
  where: SQL | undefined;
  window: ListWindow;
  /** ORDER BY when it is not the window's (offset-only lists, whose window orders nothing). */
  orderBy?: SQL[];
  exactTotal?: boolean;
}

/**
 * The statements of one page: the page's select (`from`, the list's SELECT ... FROM with its joins,
 * lazy-select.ts) narrowed to the page, and the count over the same table and filters. The table's
 * estimate may stand for the count only when no filter narrows the list.
 */
export function pageQueries<T>(db: Executor, from: SelectFrom<T>, spec: PageSpec) {
  const { table, where, window } = spec;
  const orderBy = spec.orderBy ?? window.orderBy;
  const id = window.offset > 0 ? primaryKeyOf(table) : undefined;
  const page = (boundary: SQL | undefined, offset: number) =>
    new DescribedSelect(db, from, { where: and(where, boundary), orderBy, limit: window.fetch, offset });
  if (!id) return listQueries(db, spec, page(window.after, window.offset), undefined);
  // Past the first page by offset, the skipped rows are walked by id alone (deferred-page.ts). Each
  // narrowing starts from a SELECT of its own, so the walk that follows a landmark read given up reads
  // what it would have read alone.
  const walk = () =>
    deferredOffsetPage(db, from.build(db), {
      table,
      id,
      where,
      orderBy,
      offset: window.offset,
      fetch: window.fetch,
    });
  // Landmarks hold while the table is unchanged only if the filters read nothing else. From a landmark
  // fewer than LANDMARK_SPACING rows are skipped, so the SELECT reads them itself (no deferred join).
  const seek =
    window.seek && window.keyed && Landmarks.isLandmarked(table) && (!where || readsOnlyTable(where, table))
      ? {
          table,
          where,
          order: window.seek,
          orderBy,
          sort: window.keyed.sort,
          offset: window.offset,
          walk,
          pageAfter: page,
        }
      : undefined;
  return listQueries(db, spec, walk(), seek);
}

/** The `count` statement of a list, over the same FROM and WHERE as its page. */
const countColumn = { n: count() };

/** The count of `table`'s rows that `where` keeps: a list's total, a picker's matches. */
export const countOf = (db: Executor, table: PgTable, where: SQL | undefined) =>
  new DescribedSelect(db, countFrom(table, countColumn), { where, orderBy: [], limit: undefined, offset: 0 });

/**
 * A page's statements with its list's count and estimate, which ignore the window. One object literal:
 * properties after a spread take V8's slow path (keyset.ts's listWindow says more).
 */
function listQueries<P, S>(db: Executor, { table, where, window, exactTotal }: PageSpec, page: P, seek: S) {
  return {
    page,
    seek,
    count: () => countOf(db, table, where),
    window,
    estimateOf: where ? undefined : table,
    exactTotal,
  };
}

/** One page of a list as a route sends it (http/list-reply.ts). */
export interface ListPage<T> {
  items: T[];
  total: number;
  /** The total is the planner's estimate of the table's rows, not a count. */
  totalIsEstimate?: boolean;
  nextCursor?: string;
  previousCursor?: string;
}

/**
 * Runs a list's page and, only when needed, its total. A short offset page already says the total
 * (offset + rows), which spares the count on most searches and on the last page. Otherwise the total
 * is counted, or for an unfiltered large table estimated (totals.ts).
 * Two statements rather than `count(*) over ()`: a window total reads every matching row before the
 * LIMIT, which defeats the index that serves the sort.
 */
export async function runList<T>(db: Executor, queries: ListQueries<T>): Promise<ListPage<T>> {
  const { window, seek } = queries;
  const read = seek
    ? ((await landmarksOf(db).read(db, seek)) ?? (await seek.walk()))
    : await readRows(db, queries.page);
  const more = read.length > window.limit;
  const items = more ? read.slice(0, window.limit) : read;
  if (window.direction === 'previous') items.reverse();
  const cursors = pageCursors(window, items, more);
  if (!window.direction && !more && (items.length > 0 || window.offset === 0)) {
    return { items, total: window.offset + items.length, ...cursors };
  }
  // An offset page past the end counts exactly: the client then moves to the real last page.
  const mayEstimate = !queries.exactTotal && (window.direction !== undefined || items.length > 0);
  const estimate =
    mayEstimate && queries.estimateOf ? await largeTableEstimate(db, queries.estimateOf) : undefined;
  if (estimate !== undefined) {
    // Never fewer than the rows this page shows to exist (the estimate lags behind inserts).
    const seen = window.offset + items.length + (more ? 1 : 0);
    return { items, total: Math.max(estimate, seen), totalIsEstimate: true, ...cursors };
  }
  const [row] = await readRows(db, queries.count());
  return { items, total: Number(row?.n ?? 0), ...cursors };
}

/**
 * A list's reader, from the function that builds its statements (kept apart so that the EXPLAIN test
 * checks the SQL the list runs): runs the page and, when needed, its total.
 */
export function listOf<A extends unknown[], T>(
  queries: (db: Executor, ...args: A) => ListQueries<T>,
): (db: Executor, ...args: A) => Promise<ListPage<T>> {
  return (db, ...args) => runList(db, queries(db, ...args));
}
