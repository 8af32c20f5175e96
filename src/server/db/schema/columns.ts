import { sql } from 'drizzle-orm';
import { customType, integer, text } from 'drizzle-orm/pg-core';

/**
 * Timestamps travel as ISO-8601 strings end to end: parsing into Date and back costs ~30% on list
 * endpoints (DESIGN.md), so the driver's text is normalised to ISO once, here.
 */
export const isoTimestamp = customType<{ data: string; driverData: string }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: (value) => toIsoTimestamp(value),
});

/** "2026-01-02 03:04:05.678+00" (PostgreSQL text output) -> "2026-01-02T03:04:05.678Z". */
export function toIsoTimestamp(value: string | Date): string {
  if (value instanceof Date) return value.toISOString();
  let iso = value.includes('T') ? value : value.replace(' ', 'T');
  if (iso.endsWith('+00')) iso = `${iso.slice(0, -3)}Z`;
  else if (/[+-]\d\d$/.test(iso)) iso = `${iso}:00`;
  return iso;
}

/** Text primary key that defaults to a random UUID, so seeded rows may still use readable ids. */
export const idColumn = () =>
  text()
    .primaryKey()
    .default(sql`gen_random_uuid()::text`);

export const createdAtColumn = () =>
  isoTimestamp()
    .notNull()
    .default(sql`now()`);

/**
 * Optimistic-concurrency revision of an editable row: every update adds one, responses send it as the
 * ETag, and a write carrying an older one (If-Match) is refused instead of overwriting a newer change.
 */
export const revisionColumn = () => integer().notNull().default(1);
