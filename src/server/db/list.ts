import { ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/** Default and maximum page sizes for list endpoints. */
export const DEFAULT_LIST_LIMIT = 100;

/** `count(*) over ()`: the total of the filtered list, read in the same query as the page. */
export const totalCountColumn = sql<string>`count(*) over ()`.as('total_count');

/** A case-insensitive "contains" over several columns, with LIKE wildcards in the input escaped. */
export function containsAny(q: string | undefined, columns: PgColumn[]): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

/** Splits rows that carry `totalCount` into the page and the total. */
export function toPage<T extends { totalCount: string }>(
  rows: T[],
): { items: Omit<T, 'totalCount'>[]; total: number } {
  const total = rows[0] ? Number(rows[0].totalCount) : 0;
  return { items: rows.map(({ totalCount: _, ...item }) => item), total };
}
