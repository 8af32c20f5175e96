import { and, asc, desc, gt, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { CursorDirection, CursorKey, ListCursor } from '../../contract/list-cursor';
import { parseSort, type SortValue } from '../../contract/lists';
import { badRequest } from '../errors';

/*
 * Keyset paging (docs/lists.md): a cursor page reads the index from the boundary row onwards, so page
 * 1,000 costs what page 1 costs; an offset page (a jump to a page number) walks `offset` entries first.
 */

/**
 * Rows a list answers when the client sends no limit. 100, not the client's DEFAULT_PAGE_SIZE (25):
 * clients written before paging send no limit and show up to 100 rows; paged clients send their own.
 */
export const DEFAULT_LIST_LIMIT = 100;

/** A list's sortable columns: the contract's sort fields mapped to columns, its default, and the id tiebreak. */
export interface SortTable<F extends string> {
  fallback: SortValue<F>;
  columns: Record<F, PgColumn>;
  id: PgColumn;
  /**
   * Sort fields whose NOT NULL column is unique (a change request's number): they order alone, with no
   * id tiebreak, so their unique index serves the page.
   */
  unique?: readonly F[];
}

/** What a list query asks of the window: the shared q/sort/limit/offset/cursor of src/contract/lists.ts. */
export interface WindowQuery<F extends string> {
  sort?: SortValue<F>;
  limit?: number;
  offset?: number;
  cursor?: ListCursor;
}

/** How one page of a list is read. */
export interface ListWindow {
  /** The boundary of a cursor page, to AND into the WHERE (undefined on an offset page). */
  after: SQL | undefined;
  /** ORDER BY as the rows are read: reversed for a previous page, which runList turns back around. */
  orderBy: SQL[];
  /** Rows to read: one more than the page, to learn whether another page follows. */
  fetch: number;
  limit: number;
  offset: number;
  /** undefined for an offset page. */
  direction: CursorDirection | undefined;
  /**
   * What the reply's cursors are made of: the sort they are for (the request's, or the list's default)
   * and the row property holding the sort value (the contract's sort field). Undefined: no cursors.
   */
  keyed: { sort: string; field: string } | undefined;
  /**
   * On an offset page of a sorted list: the sort's column and direction, so the page can be read from a
   * known row onwards instead of from the start (db/landmarks.ts). Undefined for cursor pages and for
   * lists with one natural order.
   */
  seek: SeekOrder | undefined;
}

/** A list's reading order as a boundary needs it: past which (key, id) the next rows lie. */
export interface SeekOrder {
  column: PgColumn;
  id: PgColumn;
  ascending: boolean;
  /** The column is unique and orders alone (no id tiebreak). */
  unique: boolean;
}

/**
 * ORDER BY for a whitelisted sort value, always ending with the id in the same direction so equal
 * values never swap between pages, and so one btree index on (column, id) serves both directions.
 */
export function orderByFor<F extends string>(
  sort: SortValue<F> | undefined,
  fallback: SortValue<F>,
  columns: Record<F, PgColumn>,
  id: PgColumn,
  unique: readonly F[] = [],
): SQL[] {
  // Built once per list and sort: the same SQL objects serve every request (nothing changes them), and
  // a list's shape walks them as it would new ones (compiled-select.ts).
  let built = orderings.get(columns);
  if (!built) orderings.set(columns, (built = new Map()));
  const key = `${sort ?? fallback}\u0001${id.name}\u0001${unique.join(',')}`;
  let orderBy = built.get(key);
  if (!orderBy) built.set(key, (orderBy = buildOrderBy(sort ?? fallback, columns, id, unique)));
  return orderBy;
}

/** ORDER BY lists built, per list's sortable columns and sort. */
const orderings = new WeakMap<object, Map<string, SQL[]>>();

function buildOrderBy<F extends string>(
  sort: SortValue<F>,
  columns: Record<F, PgColumn>,
  id: PgColumn,
  unique: readonly F[],
): SQL[] {
  const { field, direction } = parseSort(sort);
  const by = direction === 'asc' ? asc : desc;
  const column = columns[field];
  return column === id || unique.includes(field) ? [by(column)] : [by(column), by(id)];
}

const cursorIssue = (message: string) =>
  badRequest(`Invalid querystring.cursor: ${message}`, [{ path: 'querystring.cursor', message }]);

const ISO_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?(Z|[+-]\d\d:\d\d)$/;

/** Whether a cursor's sort value can be a value of the column (so the database never sees a bad literal). */
function fitsColumn(column: PgColumn, key: CursorKey): boolean {
  if (key === null) return !column.notNull;
  const type = column.getSQLType();
  if (type.startsWith('timestamp')) return typeof key === 'string' && ISO_TIMESTAMP.test(key);
  if (/^(integer|bigint|smallint)/.test(type)) return Number.isSafeInteger(key);
  return typeof key === 'string';
}

/**
 * Rows past the boundary (key, id) in the reading order, NULLs being last ascending and first
 * descending as PostgreSQL orders them. A row comparison, so the (column, id) index starts there.
 */
export function pastBoundary(
  { column, id, ascending, unique }: SeekOrder,
  key: CursorKey,
  boundaryId: string,
): SQL | undefined {
  const beyond = ascending ? gt : lt;
  if (column === id) return beyond(id, boundaryId);
  if (unique) return beyond(column, key);
  const row = ascending
    ? sql`(${column}, ${id}) > (${key}, ${boundaryId})`
    : sql`(${column}, ${id}) < (${key}, ${boundaryId})`;
  if (column.notNull) return row;
  if (key === null) {
    const tied = and(isNull(column), beyond(id, boundaryId));
    return ascending ? tied : or(tied, isNotNull(column));
  }
  return ascending ? or(row, isNull(column)) : row;
}

const reversed = <F extends string>(sort: SortValue<F>): SortValue<F> => {
  const { field, direction } = parseSort(sort);
  return direction === 'asc' ? `-${field}` : field;
};

/** The window of one page: an offset page, or the page after (or before) a cursor's boundary row. */
export function listWindow<F extends string>(query: WindowQuery<F>, table: SortTable<F>): ListWindow {
  const sort = query.sort ?? table.fallback;
  const { field, direction: order } = parseSort(sort);
  const limit = query.limit ?? DEFAULT_LIST_LIMIT;
  const keyed = { sort, field };
  const unique = table.unique?.includes(field) ?? false;
  const { cursor } = query;
  // Object literals, not a spread of shared parts: V8 (Node 20) adds each property that follows a spread
  // on a slow path, about 1 µs apiece, and this runs on every list request (docs/lists.md, "What a
  // query's timer cost").
  if (!cursor) {
    return {
      after: undefined,
      orderBy: orderByFor(sort, table.fallback, table.columns, table.id, table.unique),
      fetch: limit + 1,
      limit,
      offset: query.offset ?? 0,
      direction: undefined,
      keyed,
      seek: { column: table.columns[field], id: table.id, ascending: order === 'asc', unique },
    };
  }
  if (query.offset) {
    throw badRequest('Invalid querystring.offset: send either offset or cursor', [
      { path: 'querystring.offset', message: 'Send either offset or cursor' },
    ]);
  }
  if (cursor.sort !== sort) throw cursorIssue(`the cursor belongs to the sort ${cursor.sort}`);
  const column = table.columns[field];
  if (!fitsColumn(column, cursor.key)) throw cursorIssue('Not a cursor this list gave out');
  const forwards = cursor.direction === 'next';
  const readSort = forwards ? sort : reversed(sort);
  return {
    after: pastBoundary(
      { column, id: table.id, ascending: (order === 'asc') === forwards, unique },
      cursor.key,
      cursor.id,
    ),
    orderBy: orderByFor(readSort, table.fallback, table.columns, table.id, table.unique),
    fetch: limit + 1,
    limit,
    offset: 0,
    direction: cursor.direction,
    keyed,
    seek: undefined,
  };
}

/** The window of a list with one natural order and no cursors (histories ordered by version). */
export function offsetWindow(query: { limit?: number; offset?: number }): ListWindow {
  const limit = query.limit ?? DEFAULT_LIST_LIMIT;
  return {
    after: undefined,
    orderBy: [],
    fetch: limit + 1,
    limit,
    offset: query.offset ?? 0,
    direction: undefined,
    keyed: undefined,
    seek: undefined,
  };
}
