import { propertyOf } from '../unknown';

/** The driver-independent rows of an `execute()` result (pg and PGlite both answer `{ rows }`). */
export function executeRows(result: unknown): unknown[] {
  const list = Array.isArray(result) ? result : propertyOf(result, 'rows');
  return Array.isArray(list) ? list : [];
}

/** One column of the first row of an `execute()` result; undefined when there is no row. */
export const firstValue = (result: unknown, column: string): unknown =>
  propertyOf(executeRows(result)[0], column);
