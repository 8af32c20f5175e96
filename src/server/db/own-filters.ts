import { Column, is, Param, SQL, StringChunk } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Whether a WHERE reads only columns of `table`: no column of another table, no subquery, no named
 * relation, no raw text that selects. Landmarks of a filtered list (landmarks.ts) are valid while the
 * list's own table is unchanged only when which rows the filter keeps depends on nothing else. Anything
 * this walk does not recognise counts as reading elsewhere.
 */
export function readsOnlyTable(where: SQL, table: PgTable): boolean {
  return where.queryChunks.every((chunk) => chunkReadsOnly(chunk, table));
}

function chunkReadsOnly(chunk: unknown, table: PgTable): boolean {
  if (is(chunk, SQL)) return readsOnlyTable(chunk, table);
  if (is(chunk, Column)) return chunk.table === table;
  if (is(chunk, Param)) return true;
  if (is(chunk, StringChunk)) return chunk.value.every((text) => !/\bselect\b/i.test(text));
  if (Array.isArray(chunk)) return chunk.every((item) => chunkReadsOnly(item, table));
  // A value interpolated as a parameter (string, number, boolean, null, Date).
  return typeof chunk !== 'object' || chunk === null || chunk instanceof Date;
}
