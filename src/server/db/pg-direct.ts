import { entityKind, fillPlaceholders, type Query } from 'drizzle-orm';
import type { SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import type { Executor } from './client';
import { isJsonObject, propertyOf } from '../unknown';
import { generatedRowMapper, generatedTextRowMapper } from './row-mapper';
import { WireRead, wireValues, type TypeParsers, type WireStatement } from './wire-read';

/*
 * A statement whose text and row mapper are kept (compiled-select.ts) sent straight to node-postgres:
 * drizzle's per-query object, tracing spans and logger add nothing to it (docs/lists.md, "What a
 * query's timer cost"). Through the pool, it is read off the wire by a query object of our own
 * (wire-read.ts). On PGlite it runs through drizzle's session as before.
 */

/** A node-postgres pool or client, as drizzle's node-postgres session sends its queries to it. */
interface PgQueryable {
  query(config: object, values: unknown[]): Promise<{ rows: unknown[][] }>;
}

/** A node-postgres pool: pool.query(read) checks out a connection, submits the read, releases it. */
interface PgPool extends PgQueryable {
  query(read: WireRead): Promise<unknown>;
  query(config: object, values: unknown[]): Promise<{ rows: unknown[][] }>;
}

const isQueryable = (client: unknown): client is PgQueryable =>
  typeof propertyOf(client, 'query') === 'function';

/*
 * Whether a client is a pool, and a session's client, are answered once per object: neither changes
 * for the object's life, and both are read on every kept read (the guarded pool answers property reads
 * through a proxy).
 */
const pools = new WeakMap<PgQueryable, boolean>();
const sessionClients = new WeakMap<object, PgQueryable | null>();

/** A pool counts its clients; a client (a transaction's) does not. */
function isPool(client: PgQueryable): client is PgPool {
  let pool = pools.get(client);
  if (pool === undefined) {
    pool = typeof propertyOf(client, 'totalCount') === 'number';
    pools.set(client, pool);
  }
  return pool;
}

/**
 * The pool or client of a drizzle node-postgres session (a database or a transaction on PostgreSQL);
 * undefined on PGlite. Read by the session's entity kind, so a process on PGlite never loads pg.
 */
function pgClientOf(session: object): PgQueryable | undefined {
  let client = sessionClients.get(session);
  if (client === undefined) {
    client = findPgClient(session) ?? null;
    sessionClients.set(session, client);
  }
  return client ?? undefined;
}

function findPgClient(session: object): PgQueryable | undefined {
  const kind: unknown = Reflect.get(session.constructor, entityKind);
  if (kind !== 'NodePgSession' && kind !== 'NodePgTransaction') return undefined;
  const client = propertyOf(session, 'client');
  return isQueryable(client) ? client : undefined;
}

const isTypeParsers = (value: unknown): value is TypeParsers =>
  typeof propertyOf(value, 'getTypeParser') === 'function';

/**
 * Drizzle's type parsers with each text-format answer kept: pg asks for every column's parser on every
 * query, and drizzle's lookup builds a new function for each date and time column, about a microsecond
 * a column; a statement's columns never change, nor does what drizzle answers for a type.
 */
function keptParsers(parsers: TypeParsers): TypeParsers {
  const text = new Map<number, unknown>();
  return {
    getTypeParser(typeId, format = 'text') {
      if (format !== 'text') return parsers.getTypeParser(typeId, format);
      let parser = text.get(typeId);
      if (parser === undefined) {
        parser = parsers.getTypeParser(typeId, format);
        text.set(typeId, parser);
      }
      return parser;
    },
  };
}

/** A node-postgres query config as drizzle builds it for a prepared query: named or not, array rows. */
interface PgQueryConfig {
  name?: string;
  text: string;
  rowMode: 'array';
  types: TypeParsers;
}

/**
 * Drizzle's node-postgres query config of a prepared query (its statement name, text, array rows), with
 * its type parsers kept.
 */
function pgQueryConfig(prepared: object): PgQueryConfig | undefined {
  const config = propertyOf(prepared, 'queryConfig');
  if (!isJsonObject(config) || config.rowMode !== 'array' || !isTypeParsers(config.types)) return undefined;
  if (typeof config.text !== 'string') return undefined;
  const name = typeof config.name === 'string' ? config.name : undefined;
  return { name, text: config.text, rowMode: 'array', types: keptParsers(config.types) };
}

/** How a statement is read on PostgreSQL: pg's query config, and the same statement off the wire. */
interface PgReading {
  config: PgQueryConfig;
  wire: WireStatement;
}

function pgReading(prepared: object, fields: SelectedFieldsOrdered): PgReading | undefined {
  const config = pgQueryConfig(prepared);
  if (!config) return undefined;
  const { name = '', text, types } = config;
  return {
    config,
    wire: { name, text, types, rowMapperFor: (parsers) => generatedTextRowMapper(fields, parsers) },
  };
}

/**
 * The mapped rows of a statement read off the wire through the pool (wire-read.ts); undefined where
 * that does not serve: a transaction's client, or a parameter that is not a plain value.
 */
function readOverWire(
  client: PgQueryable,
  wire: WireStatement,
  params: unknown[],
): Promise<unknown[]> | undefined {
  if (!isPool(client)) return undefined;
  const values = wireValues(params);
  return values && client.query(new WireRead(wire, values)).then(rowsOf);
}

function rowsOf(rows: unknown): unknown[] {
  if (!Array.isArray(rows)) throw new Error('A read off the wire answered no rows');
  return rows;
}

/** A kept statement: its text, drizzle's fields and the generated row mapper. */
export interface KeptStatement {
  text: string;
  fields: SelectedFieldsOrdered;
  map: (rows: unknown[][]) => unknown[];
  /** How it is read on PostgreSQL, built by drizzle on its first run there. */
  pg?: PgReading;
}

/** The session a database or transaction runs its statements through. */
type Session = Executor['_']['session'];

/** The mapped rows of a kept statement with these parameters, read through `session`. */
export async function readKept(session: Session, kept: KeptStatement, params: unknown[]): Promise<unknown[]> {
  const statement: Query = { sql: kept.text, params };
  const pg = pgClientOf(session);
  // One reading serves every read of the statement (pg copies a query config per query).
  if (pg) kept.pg ??= pgReading(session.prepareQuery(statement, kept.fields, undefined, true), kept.fields);
  if (pg && kept.pg) {
    const rows = readOverWire(pg, kept.pg.wire, params);
    return rows ? await rows : kept.map((await pg.query(kept.pg.config, params)).rows);
  }
  const prepared = session.prepareQuery(statement, kept.fields, undefined, true, kept.map);
  const rows: unknown = await prepared.execute();
  return Array.isArray(rows) ? rows : [];
}

/** A prepared statement's parts for reading it straight from node-postgres; false when it cannot be. */
interface DirectPrepared {
  client: PgQueryable;
  reading: PgReading;
  params: unknown[];
  map: (row: unknown[]) => unknown;
}

const directs = new WeakMap<object, DirectPrepared | false>();

/** The fields drizzle maps a prepared select's rows with (not in its types). */
const isOrderedFields = (value: unknown): value is SelectedFieldsOrdered =>
  Array.isArray(value) && value.every((item) => Array.isArray(propertyOf(item, 'path')));

/**
 * What reading a drizzle node-postgres prepared select directly takes: its client, query config (named
 * statement, array rows, drizzle's type parsers), parameters with placeholders, and a generated row
 * mapper. False on PGlite, for a custom result mapper, or an outer join (whose missing side drizzle
 * maps to null).
 */
function directOf(prepared: object): DirectPrepared | false {
  const kind: unknown = Reflect.get(prepared.constructor, entityKind);
  const client = propertyOf(prepared, 'client');
  const params = propertyOf(prepared, 'params');
  const fields = propertyOf(prepared, 'fields');
  const joins = propertyOf(prepared, 'joinsNotNullableMap');
  const innerOnly =
    joins === undefined || (isJsonObject(joins) && Object.values(joins).every((v) => v === true));
  if (kind !== 'NodePgPreparedQuery' || !isQueryable(client) || !Array.isArray(params)) return false;
  if (!isOrderedFields(fields) || propertyOf(prepared, 'customResultMapper') || !innerOnly) return false;
  const reading = pgReading(prepared, fields);
  const map = generatedRowMapper(fields);
  return map && reading ? { client, reading, params, map } : false;
}

/** Whether a prepared select is read straight from node-postgres (tests). */
export const readsDirectly = (prepared: object): boolean => Boolean(directs.get(prepared));

/**
 * The rows of a drizzle prepared select (db/prepared.ts) with `values` for its placeholders: on
 * PostgreSQL straight from node-postgres with a generated row mapper, elsewhere through drizzle.
 */
export async function readPrepared<T>(
  prepared: { execute(values: Record<string, unknown>): Promise<T[]> },
  values: Record<string, unknown>,
): Promise<T[]> {
  let direct = directs.get(prepared);
  if (direct === undefined) {
    direct = directOf(prepared);
    directs.set(prepared, direct);
  }
  if (!direct) return prepared.execute(values);
  const params = fillPlaceholders(direct.params, values);
  const wire = readOverWire(direct.client, direct.reading.wire, params);
  const rows = wire
    ? await wire
    : (await direct.client.query(direct.reading.config, params)).rows.map(direct.map);
  // The generated mappers write the row drizzle's own mapper would: the select's result type.
  return rows as T[];
}
