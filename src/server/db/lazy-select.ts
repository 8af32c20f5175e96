import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { PgTable, TableConfig } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/*
 * A list's select described, not built (docs/lists.md, "A known FROM, no builder per request"): drizzle's
 * query builder costs 8-14 µs per select before any SQL is written (PgSelectBase copies the fields and
 * resolves the table for each `from`), and walking the selected fields into the shape's key (compiled-
 * select.ts) as much again, on every request, for a FROM that never changes. A FROM named by a key of its
 * own (a table, a constant set of fields) lets the shape's key be its key plus the walk of the WHERE and
 * ORDER BY alone; drizzle builds the select only for the first read of a shape, or when asked for it
 * (a deep page's deferred join, a test's EXPLAIN).
 */

/**
 * A select as drizzle builds it, in its dynamic mode (`$dynamic()`), reading `T`s: what is used of it here.
 * Each clause method sets the clause on the select itself.
 */
export interface BuiltSelect<T> extends PromiseLike<T[]>, SQLWrapper {
  where(where: SQL | undefined): unknown;
  orderBy(...columns: SQL[]): unknown;
  limit(limit: number): unknown;
  offset(offset: number): unknown;
}

/**
 * What a select reads from: `build` gives the same SELECT ... FROM (joins included) each time it is called,
 * in drizzle's dynamic mode. `key` names it for the shapes: an object that stands for exactly this FROM
 * (undefined: a select built by the caller, which every read walks whole).
 */
export interface SelectFrom<T> {
  key: object | undefined;
  build: (db: Executor) => BuiltSelect<T>;
}

/** The clauses a described select adds to its FROM. */
export interface SelectClauses {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number | undefined;
  offset: number;
}

/**
 * A select to be read (db/compiled-select.ts: readRows reads it through its shape's statement), built by
 * drizzle only when something asks for the built form. Awaited on its own it runs through drizzle.
 */
export class DescribedSelect<T> implements PromiseLike<T[]>, SQLWrapper {
  private built: BuiltSelect<T> | undefined;

  constructor(
    readonly db: Executor,
    readonly from: SelectFrom<T>,
    readonly clauses: SelectClauses,
  ) {}

  /** The select as drizzle builds it: the FROM with these clauses. */
  select(): BuiltSelect<T> {
    if (this.built) return this.built;
    const { where, orderBy, limit, offset } = this.clauses;
    // A dynamic select's clauses are set on the select itself (each method answers the same object).
    const select = this.from.build(this.db);
    select.where(where);
    select.orderBy(...orderBy);
    if (limit !== undefined) select.limit(limit);
    select.offset(offset);
    this.built = select;
    return select;
  }

  getSQL(): SQL {
    return this.select().getSQL();
  }

  then<A = T[], B = never>(
    fulfilled?: ((rows: T[]) => A | PromiseLike<A>) | null,
    rejected?: ((error: unknown) => B | PromiseLike<B>) | null,
  ): PromiseLike<A | B> {
    return this.select().then(fulfilled, rejected);
  }
}

/** A FROM of its own, for a select built by its caller: read whole on every read. */
export const builtSelect = <T>(select: BuiltSelect<T>): SelectFrom<T> => ({
  key: undefined,
  build: () => select,
});

/** Every column of `table`: the FROM of a list of a table's rows, named by the table. */
export const tableFrom = <C extends TableConfig>(table: PgTable<C>) =>
  namedFrom(table, (db) => db.select().from(table).$dynamic());

/** A FROM named by `key`, an object that stands for exactly what `build` builds. */
export const namedFrom = <T>(key: object, build: (db: Executor) => BuiltSelect<T>): SelectFrom<T> => ({
  key,
  build,
});

/** A stand-in object per table for its count's FROM (`select count(*) from table`). */
const countKeys = new WeakMap<PgTable, object>();

/** The count of a table's rows (`{ n }`): the FROM of a list's total, named per table. */
export function countFrom(table: PgTable, count: { n: SQL<number> }): SelectFrom<{ n: number }> {
  let key = countKeys.get(table);
  if (!key) countKeys.set(table, (key = {}));
  return namedFrom(key, (db) => db.select(count).from(table).$dynamic());
}
