import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { AppError } from './errors';

/**
 * A conditional write (If-Match) that came too late: the row moved on since the client read it.
 * The body carries the current revision and the current resource, so the client can show what changed
 * without another round trip; the ETag header names the current revision too.
 */
export class PreconditionFailedError extends AppError {
  constructor(
    readonly currentRevision: number,
    readonly current: unknown,
    what: string,
  ) {
    super(
      'PRECONDITION_FAILED',
      `${what} was changed by someone else (now at revision ${currentRevision}); reload it and try again`,
      undefined,
      { etag: `"${currentRevision}"` },
    );
  }
}

/**
 * The revisions an If-Match accepts: one, or several when the header lists several entity tags (any of
 * them may match). An empty list matches nothing: the header named only tags this API never hands out.
 */
export type ExpectedRevision = number | readonly number[];

/** Whether a row at `actual` satisfies the condition; no condition (undefined) is always satisfied. */
export function revisionMatches(actual: number, expected: ExpectedRevision | undefined): boolean {
  if (expected === undefined) return true;
  return typeof expected === 'number' ? actual === expected : expected.includes(actual);
}

/**
 * Refuses a conditional write whose expected revision is not the row's. Call it on a row read
 * `FOR UPDATE` in the writing transaction: the lock makes check-then-write atomic, and under READ
 * COMMITTED a writer that waited on the lock re-reads the row and sees the revision its rival wrote.
 */
export function assertRevision<T extends { revision: number }>(
  row: T,
  expectedRevision: ExpectedRevision | undefined,
  what: string,
  current: unknown = row,
): void {
  if (!revisionMatches(row.revision, expectedRevision)) {
    throw new PreconditionFailedError(row.revision, current, what);
  }
}

/** `revision + 1`, set in the same UPDATE as the change it versions. */
export const nextRevision = (column: AnyColumn): SQL<number> => sql<number>`${column} + 1`;
