import { and, asc, count, desc, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  OPTIONS_DEFAULT_LIMIT,
  parseSort,
  type Option,
  type OptionsQuery,
  type SortValue,
} from '../../contract/lists';
import type { Executor } from './client';

/**
 * Rows a list answers when the client sends no limit. 100, not the client's DEFAULT_PAGE_SIZE (25):
 * clients written before paging send no limit and show up to 100 rows; paged clients send their own.
 */
export const DEFAULT_LIST_LIMIT = 100;

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
 * ORDER BY for a whitelisted sort value, always ending with the id in the same direction so equal
 * values never swap between pages, and so one btree index on (column, id) serves both directions.
 */
export function orderByFor<F extends string>(
  sort: SortValue<F> | undefined,
  fallback: SortValue<F>,
  columns: Record<F, PgColumn>,
  id: PgColumn,
): SQL[] {
  const { field, direction } = parseSort(sort ?? fallback);
  const by = direction === 'asc' ? asc : desc;
  const column = columns[field];
  return column === id ? [by(id)] : [by(column), by(id)];
}

/** limit/offset of a list query, with the server default when the client sends none. */
export function pageOf(query: { limit?: number; offset?: number }): { limit: number; offset: number } {
  return { limit: query.limit ?? DEFAULT_LIST_LIMIT, offset: query.offset ?? 0 };
}

/** The two statements of a list: the page, and the count of every row the filters keep. */
export interface ListQueries<T> {
  page: PromiseLike<T[]>;
  count: PromiseLike<{ n: number }[]>;
  offset: number;
  limit: number;
}

/** The `count` statement of a list, over the same FROM and WHERE as its page. */
export const countColumn = { n: count() };

/**
 * Runs a list's page and, only when needed, its count. A short page already says the total
 * (offset + rows), which spares the count on most searches and on the last page.
 * Two statements rather than `count(*) over ()`: a window total reads every matching row before the
 * LIMIT, which defeats the index that serves the sort.
 */
export async function runList<T>(queries: ListQueries<T>): Promise<{ items: T[]; total: number }> {
  const items = await queries.page;
  if (items.length < queries.limit && (items.length > 0 || queries.offset === 0)) {
    return { items, total: queries.offset + items.length };
  }
  const [row] = await queries.count;
  return { items, total: Number(row?.n ?? 0) };
}

/** The picker's limit: OPTIONS_DEFAULT_LIMIT unless the client asks (the contract caps it at 50). */
const optionsLimit = (limit: number | undefined): number => limit ?? OPTIONS_DEFAULT_LIMIT;

/** `id in (ids)` for the rows a picker must label whatever the search; undefined when none. */
function idsIn(id: PgColumn, ids: string[] | undefined): SQL | undefined {
  return ids && ids.length > 0 ? inArray(id, ids) : undefined;
}

/**
 * The options a picker shows: the search matches in the database's label order, preceded by the rows
 * named in `ids` that the search did not return (a picker's current values stay labelled and on top).
 */
function mergeOptions(matches: Option[], selected: Option[]): Option[] {
  const matched = new Set(matches.map((option) => option.id));
  return [...selected.filter((option) => !matched.has(option.id)), ...matches];
}

/** Where a picker's options come from. */
export interface OptionSource {
  table: PgTable;
  id: PgColumn;
  label: PgColumn;
  detail: PgColumn;
  /** The columns the search looks in (default: the label). */
  searched?: PgColumn[];
  /** The rows the viewer may pick at all (tenant scope, one parent): applies to `ids` too. */
  within?: SQL;
  /** A narrowing of the search only (a status): rows named in `ids` still show. */
  filter?: SQL;
}

/**
 * A picker's answer: the search matches in label order (then id), up to the limit, preceded by the
 * rows named in `ids` that the search left out, with the number of matches.
 */
export async function runOptions(
  db: Executor,
  source: OptionSource,
  query: OptionsQuery,
): Promise<{ items: Option[]; total: number }> {
  const columns = { id: source.id, label: source.label, detail: source.detail };
  const where = and(source.within, source.filter, containsAny(query.q, source.searched ?? [source.label]));
  const selectedIds = idsIn(source.id, query.ids);
  const byLabel = [asc(source.label), asc(source.id)];
  const [matches, [total], selected] = await Promise.all([
    db
      .select(columns)
      .from(source.table)
      .where(where)
      .orderBy(...byLabel)
      .limit(optionsLimit(query.limit)),
    db.select(countColumn).from(source.table).where(where),
    selectedIds
      ? db
          .select(columns)
          .from(source.table)
          .where(and(source.within, selectedIds))
          .orderBy(...byLabel)
      : [],
  ]);
  // The columns are text (ids, names, statuses): the rows are options.
  return { items: mergeOptions(matches as Option[], selected as Option[]), total: Number(total?.n ?? 0) };
}
