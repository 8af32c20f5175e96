import { entityKind, type Query } from 'drizzle-orm';
import type { SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import { isJsonObject, propertyOf } from '../unknown';

/*
 * A statement whose text and row mapper are kept (compiled-select.ts) sent straight to node-postgres:
 * drizzle's per-query object, tracing spans and logger add nothing to it (docs/lists.md, "What a
 * query's timer cost"). On PGlite it runs through drizzle's session as before.
 */

/** A node-postgres pool or client, as drizzle's node-postgres session sends its queries to it. */
interface PgQueryable {
  query(config: object, values: unknown[]): Promise<{ rows: unknown[][] }>;
}

const isQueryable = (client: unknown): client is PgQueryable =>
  typeof propertyOf(client, 'query') === 'function';

/**
 * The pool or client of a drizzle node-postgres session (a database or a transaction on PostgreSQL);
 * undefined on PGlite. Read by the session's entity kind, so a process on PGlite never loads pg.
 */
function pgClientOf(session: object): PgQueryable | undefined {
  const kind: unknown = Reflect.get(session.constructor, entityKind);
  if (kind !== 'NodePgSession' && kind !== 'NodePgTransaction') return undefined;
  const client = propertyOf(session, 'client');
  return isQueryable(client) ? client : undefined;
}

/** Drizzle's node-postgres query config of a prepared query (text, array rows, its type parsers). */
function pgQueryConfig(prepared: object): object | undefined {
  const config = propertyOf(prepared, 'queryConfig');
  return isJsonObject(config) && config.rowMode === 'array' ? config : undefined;
}

/** A kept statement: its text, drizzle's fields and the generated row mapper. */
export interface KeptStatement {
  text: string;
  fields: SelectedFieldsOrdered;
  map: (rows: unknown[][]) => unknown[];
  /** node-postgres's query config of the statement, built by drizzle on its first run on PostgreSQL. */
  pgConfig?: object;
}

/** The session a database or transaction runs its statements through. */
type Session = Executor['_']['session'];

/** The mapped rows of a kept statement with these parameters, read through `session`. */
export async function readKept(session: Session, kept: KeptStatement, params: unknown[]): Promise<unknown[]> {
  const statement: Query = { sql: kept.text, params };
  const pg = pgClientOf(session);
  // pg copies a query config per query, so one config serves every read of the statement.
  if (pg) kept.pgConfig ??= pgQueryConfig(session.prepareQuery(statement, kept.fields, undefined, true));
  if (pg && kept.pgConfig) return kept.map((await pg.query(kept.pgConfig, params)).rows);
  const prepared = session.prepareQuery(statement, kept.fields, undefined, true, kept.map);
  const rows: unknown = await prepared.execute();
  return Array.isArray(rows) ? rows : [];
}
