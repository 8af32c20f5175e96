import pg from 'pg';
import { vi, type MockInstance } from 'vitest';
import type { Database } from '../db/client';
import { propertyOf } from '../unknown';
import type { TestDatabaseKind } from './databases';

/**
 * Counts the statements sent to the database from now on: every query a pg client runs (pooled or not,
 * BEGIN and COMMIT included) but the live feed's, or every call into the PGlite instance under the
 * Drizzle database. `vi.restoreAllMocks()` stops it.
 */
export function countStatements(kind: TestDatabaseKind, db: Database): () => number {
  if (kind === 'postgres') {
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    // The live feed's LISTEN connection comes up in the background on PostgreSQL and then reads what
    // committed meanwhile from audit_events: that read is not the request's, whenever it lands.
    return () => spy.mock.calls.filter(([query]) => !isLiveFeedQuery(query)).length;
  }
  const client = propertyOf(db, '$client');
  if (typeof client !== 'object' || client === null) throw new Error('no PGlite client under the database');
  const spies: MockInstance[] = (['query', 'exec', 'transaction'] as const).map((method) =>
    // The PGlite instance's own methods; its type is not exported through the Drizzle database type.
    vi.spyOn(client as Record<typeof method, () => unknown>, method),
  );
  return () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
}

function isLiveFeedQuery(query: unknown): boolean {
  const text = typeof query === 'string' ? query : propertyOf(query, 'text');
  return typeof text === 'string' && /^\s*(un)?listen\b|\baudit_events\b/i.test(text);
}
