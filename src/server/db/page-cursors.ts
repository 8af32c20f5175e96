import { encodeCursor, type CursorDirection, type CursorKey } from '../../contract/list-cursor';
import { propertyOf } from '../unknown';
import type { ListWindow } from './keyset';

/** The sort value and id of a listed row, as a cursor holds them. */
function boundaryOf(row: unknown, field: string): { key: CursorKey; id: string } {
  const key = propertyOf(row, field);
  const id = propertyOf(row, 'id');
  // The contract's sort fields are row properties of these types: anything else is a wiring mistake.
  if (typeof id !== 'string' || !(key === null || typeof key === 'string' || typeof key === 'number')) {
    throw new Error(`List row has no usable ${field} or id for a cursor`);
  }
  return { key, id };
}

function cursorAt(window: ListWindow, row: unknown, direction: CursorDirection): string | undefined {
  if (!window.keyed || row === undefined) return undefined;
  return encodeCursor({ direction, sort: window.keyed.sort, ...boundaryOf(row, window.keyed.field) });
}

/**
 * The reply's cursors: next from the last row when rows follow, previous from the first when rows
 * precede. `more` says the read found a row beyond the page in its reading direction (backwards for a
 * previous page); the other side is known from how the page was reached.
 */
export function pageCursors<T>(
  window: ListWindow,
  items: T[],
  more: boolean,
): { nextCursor?: string; previousCursor?: string } {
  const first = items[0];
  const last = items.at(-1);
  const hasNext = window.direction === 'previous' ? items.length > 0 : more;
  const hasPrevious =
    window.direction === 'previous'
      ? more
      : window.direction === 'next'
        ? items.length > 0
        : window.offset > 0 && items.length > 0;
  return {
    ...(hasNext ? { nextCursor: cursorAt(window, last, 'next') } : {}),
    ...(hasPrevious ? { previousCursor: cursorAt(window, first, 'previous') } : {}),
  };
}
