import type { Executor } from './client';

/**
 * A statement built once per database handle and then only executed: for the reads that run on every
 * request (who is asking), where drizzle's query building costs about as much CPU as the rest of the read
 * (docs/lists.md). On PostgreSQL the statement is named, so each pooled connection also parses and plans
 * it once. `build` must use `sql.placeholder` for every value and end in `.prepare(name)`.
 */
export function preparedPerDatabase<P>(build: (db: Executor) => P): (db: Executor) => P {
  const built = new WeakMap<Executor, P>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
