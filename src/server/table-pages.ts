import type { SQL } from 'drizzle-orm';
import type { PgTable, TableConfig } from 'drizzle-orm/pg-core';
import type { Executor } from './db/client';
import type { SortTable, WindowQuery } from './db/keyset';
import { tableFrom } from './db/lazy-select';
import { listWindow, pageQueries } from './db/list';

/**
 * The statements of one page of a list of one table's rows: those `where` keeps, in the window the
 * query asks for (sort, cursor or offset, limit) over the table's sortable columns; `?exactTotal=true`
 * always counts.
 */
export function tablePageQueries<C extends TableConfig, F extends string>(
  db: Executor,
  table: PgTable<C>,
  where: SQL | undefined,
  query: WindowQuery<F> & { exactTotal?: boolean },
  sorting: SortTable<F>,
) {
  const window = listWindow(query, sorting);
  return pageQueries(db, tableFrom(table), {
    table,
    where,
    window,
    exactTotal: query.exactTotal,
  });
}
