import { index, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

/*
 * The indexes behind the list endpoints (docs/lists.md). Two kinds:
 * - a pg_trgm GIN index per searched text column: it serves `column ilike '%term%'`, the
 *   case-insensitive "contains" of `?q=` (terms of 3+ characters), so a search never reads the table;
 * - a btree on (sorted column, id) per sortable column: the list's ORDER BY col, id LIMIT n walks it
 *   (forwards or backwards) and stops after the page, instead of sorting every row.
 * The migration creating them also creates the pg_trgm extension (PGlite loads it in db/client.ts).
 */

/** GIN trigram index for the `?q=` search on one column. */
export const searchIndex = (name: string, column: ExtraConfigColumn) =>
  index(name).using('gin', column.op('gin_trgm_ops'));

/** Btree (column, id) for one sortable column; the id is every list's final tiebreak. */
export const sortIndex = (name: string, column: ExtraConfigColumn, id: ExtraConfigColumn) =>
  index(name).on(column, id);
