import { sql, type Column, type SQL } from 'drizzle-orm';

/*
 * A change that names a row by natural key (a microfrontend's slug, a capability's name) looks the row
 * up again when it applies, and keys can move meanwhile: rename one row away and another to its key, and
 * the same request would act on a row its reviewers never saw. So its fingerprint names the row the key
 * finds, by id, and a request whose key now finds another row is stale (docs/changes.md).
 *
 * A row made by an earlier change of the same set is made again, under a new id, each time the set is
 * walked (in a rolled-back savepoint): its id would make the set stale at every reading. Such a row was
 * made in the walking transaction, so it is named by that fact instead: its `created_at` defaults to
 * now(), the transaction's start, to the microsecond, which a row made by any other transaction (even
 * one running meanwhile) does not share but by a coincidence of that microsecond.
 */

/** Selected beside a row found by natural key: whether this transaction made it (now() is its start). */
export const madeInThisTransaction = (createdAt: Column): SQL<boolean> =>
  sql<boolean>`${createdAt} = now()`.mapWith(Boolean);

/** How a fingerprint names the row a natural key found. */
export const foundRow = (row: { id: string; madeHere: boolean }): string =>
  row.madeHere ? 'made by this set' : row.id;

/**
 * A change's fingerprint with the rows its natural keys found (foundRow each, in order): another row
 * found makes the request stale. Unchanged when it names nothing by natural key.
 */
export const withFound = (fingerprint: string, found: string[]): string =>
  found.length > 0 ? JSON.stringify([fingerprint, found]) : fingerprint;
