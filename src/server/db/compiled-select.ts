import { Column, Name, Param, Placeholder, SQL, StringChunk, Table, type Query } from 'drizzle-orm';
import { PgColumn, PgSelectBase, type SelectedFieldsOrdered } from 'drizzle-orm/pg-core';
import { isJsonObject, propertyOf } from '../unknown';
import type { Executor } from './client';
import { DescribedSelect } from './lazy-select';
import { readKept, type KeptStatement } from './pg-direct';
import { decoderOf, generatedRowMapper } from './row-mapper';

/*
 * A list's SELECT built once per shape (docs/lists.md, "Statements built once per shape"). Drizzle turns
 * a query builder into SQL text on every execution (about 230 µs for a 24-column page) and maps each row
 * field by field through its generic mapper (about 100 µs for 26 rows). Here the builder's parts are
 * walked into a shape, a key naming everything the text depends on (columns and tables by identity,
 * SQL text, which clauses are present) with every value set aside as a parameter. The first query of a
 * shape is built by drizzle as before; its text is kept, with a row mapper generated for its columns,
 * once its parameters are found to be exactly those the walk set aside. Later queries of the shape only
 * walk and execute. A part the walk does not know (a subquery, a CTE, a locking clause, nested fields...)
 * sends the query through drizzle unchanged.
 */

/** A drizzle PgSelect's builder state (drizzle keeps it on `config`; none of it is in its types). */
type SelectConfig = Record<string, unknown> & { fields: Record<string, unknown> };

const hasFields = (config: Record<string, unknown>): config is SelectConfig => isJsonObject(config.fields);

/** Drizzle's builder state of a select (not in its types), when it has the parts the shape reads. */
function selectConfig(select: object): SelectConfig | undefined {
  const config = propertyOf(select, 'config');
  return isJsonObject(config) && hasFields(config) ? config : undefined;
}

/** A shape's statement: its text, drizzle's fields and the generated row mapper (pg-direct.ts reads it). */
type Compiled = KeptStatement;

/** Shapes kept, least recently used first out: a list has a few dozen (sorts, directions, filters). */
const MAX_SHAPES = 1_000;
/** Compiled shapes, or `false` for a shape whose walk did not match drizzle's parameters. */
const shapes = new Map<string, Compiled | false>();

const SEPARATOR = '\u0001';

/** Small numbers naming the objects a shape holds by identity (columns, tables, decoders). */
const identities = new WeakMap<object, number>();
let nextIdentity = 0;
function idOf(value: object): number {
  let id = identities.get(value);
  if (id === undefined) {
    id = ++nextIdentity;
    identities.set(value, id);
  }
  return id;
}

/** A walk's output: the key's parts and the parameters in drizzle's order. */
interface Walk {
  key: string[];
  params: unknown[];
}

/** Text in a key, its length first: no text can run into the next part. */
const text = (value: string) => `${value.length}:${value}`;

/** Plain values drizzle binds as parameters when they stand in its SQL. */
const BOUND_TYPES = new Set(['string', 'number', 'boolean', 'bigint']);

/** Walks one chunk of drizzle SQL as drizzle's `buildQueryFromSourceParams` renders it. */
function walkChunk(chunk: unknown, walk: Walk): boolean {
  const { key, params } = walk;
  if (chunk === undefined) return true;
  if (chunk === null || BOUND_TYPES.has(typeof chunk)) {
    key.push('?');
    params.push(chunk);
    return true;
  }
  if (chunk instanceof StringChunk) key.push(`s${text(chunk.value.join(''))}`);
  else if (chunk instanceof Name) key.push(`n${text(chunk.value)}`);
  else if (Array.isArray(chunk)) {
    key.push(`[${chunk.length}`);
    return chunk.every((item) => walkChunk(item, walk));
  } else if (chunk instanceof SQL) {
    if (propertyOf(chunk, 'shouldInlineParams') === true) return false;
    key.push('(');
    if (!chunk.queryChunks.every((item) => walkChunk(item, walk))) return false;
    key.push(')');
  } else if (chunk instanceof Table) key.push(`t${idOf(chunk)}`);
  else if (chunk instanceof Column) key.push(`c${idOf(chunk)}`);
  else if (chunk instanceof Param) {
    // A placeholder's value comes at execution, which this path never gives.
    if (chunk.value === undefined || chunk.value instanceof Placeholder) return false;
    const value: unknown = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
    if (typeof value === 'object' && value !== null) return false;
    key.push('?');
    params.push(value);
  } else if (chunk instanceof SQL.Aliased && chunk.fieldAlias !== undefined) {
    key.push(`a${text(chunk.fieldAlias)}`);
  } else return false;
  return true;
}

/** Walks the selected fields: each name, and its column, or its SQL with alias and decoder. */
function walkFields(fields: Record<string, unknown>, walk: Walk): boolean {
  for (const [name, field] of Object.entries(fields)) {
    const decoder = decoderOf(field);
    if (!decoder || name === '__proto__') return false;
    walk.key.push(`f${text(name)}`, `d${idOf(decoder.mapFromDriverValue)}`);
    if (field instanceof SQL.Aliased) {
      walk.key.push(`a${text(field.fieldAlias)}${propertyOf(field, 'isSelectionField') === true ? '!' : ''}`);
      if (!walkChunk(field.sql, walk)) return false;
    } else if (!walkChunk(field, walk)) return false;
  }
  return true;
}

const present = (value: unknown) => (Array.isArray(value) ? value.length > 0 : Boolean(value));

/** Walks the joins: each one's kind, table and condition. */
function walkJoins(joins: unknown, walk: Walk): boolean {
  if (joins === undefined) return true;
  if (!Array.isArray(joins)) return false;
  return joins.every((join: unknown) => {
    if (!isJsonObject(join) || !(join.table instanceof Table)) return false;
    const { joinType, lateral, alias } = join;
    walk.key.push(
      `J${String(joinType)}${lateral ? 'L' : ''}${text(String(alias ?? ''))}`,
      `t${idOf(join.table)}`,
    );
    return walkChunk(join.on, walk);
  });
}

/** The shape of a select: its key and parameters, or undefined when some part is not one the walk knows. */
function shapeOf(config: SelectConfig): Walk | undefined {
  const unknownParts = ['withList', 'fieldsFlat', 'lockingClause', 'distinct', 'setOperators'];
  if (unknownParts.some((part) => present(config[part]))) return undefined;
  const { table, limit, offset } = config;
  if (!(table instanceof Table)) return undefined;
  const walk: Walk = { key: [], params: [] };
  if (!walkFields(config.fields, walk)) return undefined;
  walk.key.push(`T${idOf(table)}`);
  if (!walkJoins(config.joins, walk)) return undefined;
  for (const [mark, clause] of [
    ['W', config.where],
    ['G', config.groupBy],
    ['H', config.having],
    ['O', config.orderBy],
  ] as const) {
    // drizzle leaves out an empty GROUP BY or ORDER BY list, as an absent clause.
    const used = present(clause) ? clause : undefined;
    walk.key.push(used === undefined ? '' : mark);
    if (!walkChunk(used, walk)) return undefined;
  }
  if (limit !== undefined && (typeof limit !== 'number' || limit < 0)) return undefined;
  if (offset !== undefined && typeof offset !== 'number') return undefined;
  walk.key.push(limit === undefined ? '' : 'L', offset ? 'F' : '');
  if (limit !== undefined) walk.params.push(limit);
  if (offset) walk.params.push(offset);
  return walk;
}

/** Drizzle's ordered fields and the generated row mapper of a shape; undefined for fields it does not know. */
function rowMapper(selected: Record<string, unknown>): Omit<Compiled, 'text'> | undefined {
  const fields: SelectedFieldsOrdered = [];
  for (const [name, field] of Object.entries(selected)) {
    if (!(field instanceof PgColumn || field instanceof SQL || field instanceof SQL.Aliased))
      return undefined;
    fields.push({ path: [name], field });
  }
  const map = generatedRowMapper(fields);
  return map && { fields, map: (rows) => rows.map(map) };
}

const sameParams = (a: unknown[], b: unknown[]) =>
  a.length === b.length && a.every((param, i) => Object.is(param, b[i]));

/** Builds a shape's statement with drizzle, kept only if its parameters are those the walk set aside. */
function compile(select: { toSQL(): Query }, config: SelectConfig, walk: Walk): Compiled | false {
  const query = select.toSQL();
  const mapper = sameParams(query.params, walk.params) ? rowMapper(config.fields) : undefined;
  return mapper ? { text: query.sql, ...mapper } : false;
}

function remember(key: string, compiled: Compiled | false): void {
  shapes.delete(key);
  shapes.set(key, compiled);
  // A Map iterates in insertion order: least recently used first.
  for (const [oldest] of shapes) {
    if (shapes.size <= MAX_SHAPES) break;
    shapes.delete(oldest);
  }
}

/** A drizzle select's builder state, walk and key; undefined for anything the shapes do not serve. */
function shapeOfQuery(query: unknown) {
  // Drizzle's builder state: read-only here, the shape of what the builder will run.
  if (!(query instanceof PgSelectBase)) return undefined;
  const config = selectConfig(query);
  const walk = config && shapeOf(config);
  return config && walk ? { select: query, config, walk, key: walk.key.join(SEPARATOR) } : undefined;
}

/** A statement to read and its parameters. */
interface KeptRead {
  compiled: Compiled;
  params: unknown[];
}

/** A drizzle select's kept statement and parameters; undefined when it runs through drizzle. */
function keptOfSelect(query: unknown): KeptRead | undefined {
  const shaped = shapeOfQuery(query);
  if (!shaped) return undefined;
  const { select, config, walk, key } = shaped;
  let compiled = shapes.get(key);
  if (compiled === undefined) compiled = compile(select, config, walk);
  remember(key, compiled);
  return compiled ? { compiled, params: walk.params } : undefined;
}

/**
 * The walk of a described select whose FROM has a key (lazy-select.ts): that key, then the WHERE, ORDER BY,
 * LIMIT and OFFSET as shapeOf walks them, so the parameters come in drizzle's order when the FROM has none.
 */
function describedShape({ from, clauses }: DescribedSelect<unknown>): Walk | undefined {
  if (!from.key) return undefined;
  const { where, orderBy, limit, offset } = clauses;
  const walk: Walk = { key: [`D${idOf(from.key)}`, where ? 'W' : ''], params: [] };
  if (!walkChunk(where, walk)) return undefined;
  walk.key.push(orderBy.length > 0 ? 'O' : '');
  if (orderBy.length > 0 && !walkChunk(orderBy, walk)) return undefined;
  walk.key.push(limit === undefined ? '' : 'L', offset ? 'F' : '');
  if (limit !== undefined) walk.params.push(limit);
  if (offset) walk.params.push(offset);
  return walk;
}

/**
 * A described select's kept statement: by its FROM's key and clauses, without drizzle building anything,
 * once the shape is known. A FROM with values of its own is read whole every time.
 */
function keptOfDescribed(described: DescribedSelect<unknown>): KeptRead | undefined {
  const walk = describedShape(described);
  if (!walk) return keptOfSelect(described.select());
  const key = walk.key.join(SEPARATOR);
  let compiled = shapes.get(key);
  if (compiled === undefined) compiled = compileDescribed(described, walk);
  remember(key, compiled);
  return compiled ? { compiled, params: walk.params } : keptOfSelect(described.select());
}

/**
 * A described select's statement, from the select drizzle builds and its whole walk: kept only if the
 * whole walk's parameters are the clauses' own, in the same order (the FROM has none).
 */
function compileDescribed(described: DescribedSelect<unknown>, walk: Walk): Compiled | false {
  const whole = shapeOfQuery(described.select());
  if (!whole || !sameParams(whole.walk.params, walk.params)) return false;
  return compile(whole.select, whole.config, whole.walk);
}

/**
 * The rows of `query`: a drizzle select, or a described one, through its shape's statement; anything
 * else (a query that is not a plain select, an already running read) as it is.
 */
export async function readRows<T>(db: Executor, query: PromiseLike<T[]>): Promise<T[]> {
  const kept = query instanceof DescribedSelect ? keptOfDescribed(query) : keptOfSelect(query);
  if (!kept) return query;
  // The shape's row mapper gives the rows the select's fields describe.
  return (await readKept(db._.session, kept.compiled, kept.params)) as T[];
}

/** Whether `query` would be read through a kept statement of its shape (tests). */
export function isCompiled(query: unknown): boolean {
  const described = query instanceof DescribedSelect ? describedShape(query) : undefined;
  if (described) return Boolean(shapes.get(described.key.join(SEPARATOR)));
  const shaped = shapeOfQuery(query instanceof DescribedSelect ? query.select() : query);
  return shaped !== undefined && Boolean(shapes.get(shaped.key));
}

/** How many shapes are kept (tests). */
export const compiledShapeCount = (): number => shapes.size;

/** Forgets every shape (tests: the cache is the process's, shared by every database). */
export const forgetCompiledShapes = (): void => shapes.clear();
