import type { AuditResourceType } from '../contract/audit';
import { eq, type ColumnBaseConfig } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { recordAudit } from './audit/service';
import type { Actor } from './auth/viewer';
import type { Database, Executor, Transaction } from './db/client';
import { notFound } from './errors';
import { lockTenantOf, type TenantChildTable } from './locks';
import { assertRevision, nextRevision, type ExpectedRevision } from './revisions';

/**
 * The one recipe of a write to a row that carries a revision (docs/decisions/007-revisions.md): lock the
 * row FOR UPDATE, refuse a stale If-Match (412 with the current row), check and write with the revision
 * moved in the same UPDATE, audit, all in the caller's transaction.
 */

type Column<Data> = PgColumn<ColumnBaseConfig<'number' | 'string', string> & { data: Data; notNull: true }>;

/** A table whose rows have a text id and a revision. */
export type RevisionedTable = PgTable & { id: Column<string>; revision: Column<number> };

/** One kind of revisioned row: where it lives, what a read answers, and how messages and audit name it. */
export interface RevisionedRows<
  T extends RevisionedTable,
  S extends Record<string, PgColumn>,
> extends RowNames<RowOf<S>> {
  table: T;
  /** The columns a read answers (every column but secrets). */
  columns: S;
  /** Subject of the 412 ("The web app was changed by someone else"). */
  what: string;
  /** The prefix of its audit actions (`web_app.update`). */
  action: string;
}

/** How messages and the audit trail name a kind of row. */
interface RowNames<Row> {
  /** Noun of the 404 ("Web app not found"); the 412 says "The web app". */
  label: string;
  /** The audit trail's resourceType, and the prefix of its actions unless `action` says another. */
  resourceType: AuditResourceType;
  action?: string;
  /** The tenant an event belongs to, for rows a tenant owns. */
  tenantOf?: (row: Row) => string;
}

/** Describes a revisioned table: its table, the columns a read answers, and its names. */
export function revisionedRows<T extends RevisionedTable, S extends Record<string, PgColumn>>(
  table: T,
  columns: S,
  names: RowNames<NoInfer<RowOf<S>>>,
): RevisionedRows<T, S> {
  return {
    ...names,
    table,
    columns,
    what: `The ${names.label.toLowerCase()}`,
    action: names.action ?? names.resourceType,
  };
}

/**
 * The row and its revision, read FOR UPDATE (or plainly, once the lock is held). The table is read as a
 * plain RevisionedTable: drizzle types a query over a generic table only through its selection.
 */
async function readRow<S extends Record<string, PgColumn>>(
  db: Executor,
  { table, columns }: { table: RevisionedTable; columns: S },
  id: string,
  lock: boolean,
) {
  const query = db.select({ row: columns, revision: table.revision }).from(table).where(eq(table.id, id));
  const [found] = await (lock ? query.for('update') : query);
  return found;
}

/** The row as a read of `rows` answers it. */
export type RowOf<S extends Record<string, PgColumn>> = NonNullable<
  Awaited<ReturnType<typeof readRow<S>>>
>['row'];

/** One row as a read answers it, without a lock: 404 when there is none. */
export async function readRevisioned<T extends RevisionedTable, S extends Record<string, PgColumn>>(
  db: Executor,
  rows: RevisionedRows<T, S>,
  id: string,
): Promise<RowOf<S>> {
  const found = await readRow(db, rows, id, false);
  if (!found) throw notFound(rows.label);
  return found.row;
}

/**
 * Locks the row for the rest of the transaction and checks the If-Match: 404 when it is gone, 412 (with
 * the row as it is now) when it is at another revision. Under READ COMMITTED a writer that waited here
 * re-reads the row and sees the revision its rival wrote.
 */
export async function lockRevisioned<T extends RevisionedTable, S extends Record<string, PgColumn>>(
  tx: Transaction,
  rows: RevisionedRows<T, S>,
  id: string,
  expectedRevision: ExpectedRevision | undefined,
): Promise<RowOf<S>> {
  const found = await readRow(tx, rows, id, true);
  if (!found) throw notFound(rows.label);
  assertRevision(found, expectedRevision, rows.what, found.row);
  return found.row;
}

/** What an update writes, decided on the locked row. */
export interface RevisionedChange<T extends RevisionedTable, Row> {
  /** The columns to set; none means nothing changes: the row is answered as it is, nothing audited. */
  set: PgUpdateSetSource<T>;
  /** The event's `changes`, from the row as written. */
  changes: (after: Row) => unknown;
  /** The event's action after the prefix; `update` unless said. */
  action?: string;
}

/**
 * An update in the one recipe: lock and check the If-Match, let `change` check the row and say what to
 * write, write it with the next revision, audit it. Answers the row as written.
 */
export async function updateRevisioned<T extends RevisionedTable, S extends Record<string, PgColumn>>(
  tx: Transaction,
  rows: RevisionedRows<T, S>,
  id: string,
  expectedRevision: ExpectedRevision | undefined,
  actor: Actor,
  change: (before: RowOf<S>) => RevisionedChange<T, RowOf<S>> | Promise<RevisionedChange<T, RowOf<S>>>,
): Promise<RowOf<S>> {
  const before = await lockRevisioned(tx, rows, id, expectedRevision);
  const { set, changes, action = 'update' } = await change(before);
  if (Object.keys(set).length === 0) return before;
  await tx
    .update(rows.table)
    .set({ ...set, revision: nextRevision(rows.table.revision) })
    .where(eq(rows.table.id, id));
  const written = await readRow(tx, rows, id, false);
  if (!written) throw notFound(rows.label);
  const after = written.row;
  await recordAudit(tx, actor, {
    action: `${rows.action}.${action}`,
    resourceType: rows.resourceType,
    resourceId: id,
    tenantId: rows.tenantOf?.(before),
    changes: changes(after),
    revision: written.revision,
  });
  return after;
}

/**
 * A delete in the one recipe: lock and check the If-Match, let `prepare` refuse, remove what must go
 * first and say what the event records (usually `{ before }`), delete, audit. Answers those changes.
 */
export async function deleteRevisioned<T extends RevisionedTable, S extends Record<string, PgColumn>, C>(
  tx: Transaction,
  rows: RevisionedRows<T, S>,
  id: string,
  expectedRevision: ExpectedRevision | undefined,
  actor: Actor,
  prepare: (before: RowOf<S>) => C | Promise<C>,
): Promise<C> {
  const before = await lockRevisioned(tx, rows, id, expectedRevision);
  const changes = await prepare(before);
  const table: RevisionedTable = rows.table;
  await tx.delete(table).where(eq(table.id, id));
  await recordAudit(tx, actor, {
    action: `${rows.action}.delete`,
    resourceType: rows.resourceType,
    resourceId: id,
    tenantId: rows.tenantOf?.(before),
    changes,
  });
  return changes;
}

/**
 * Runs a write of a row a tenant owns (the update or delete recipe above) in a transaction of its own,
 * taking the tenant row before the row's: the one lock order, locks.ts.
 */
export async function inTenantOwnedTransaction<
  T extends RevisionedTable & TenantChildTable,
  S extends Record<string, PgColumn>,
  R,
>(db: Database, rows: RevisionedRows<T, S>, id: string, write: (tx: Transaction) => Promise<R>): Promise<R> {
  return db.transaction(async (tx) => {
    await lockTenantOf(tx, rows.table, id, rows.label);
    return write(tx);
  });
}

/** A service's delete of one revisioned row by id, under the revisions the caller's If-Match accepts. */
export type RevisionedDelete = (
  db: Database,
  id: string,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
) => Promise<void>;

/**
 * A delete in the recipe above, in a transaction of its own: `prepare` refuses, or removes what must go
 * first, on the locked row, and says what the event records (the row as it was unless it says otherwise).
 */
export function deleteInTransaction<T extends RevisionedTable, S extends Record<string, PgColumn>, C>(
  rows: RevisionedRows<T, S>,
  prepare: (tx: Transaction, before: RowOf<S>, id: string) => C | Promise<C>,
): RevisionedDelete {
  return async (db, id, actor, expectedRevision) => {
    await db.transaction((tx) =>
      deleteRevisioned(tx, rows, id, expectedRevision, actor, (before) => prepare(tx, before, id)),
    );
  };
}

/**
 * The delete of a row a tenant owns, recording it as it was, its tenant row locked first (locks.ts).
 * `beforeWrite` runs on the locked row before it goes, and may refuse (a direct write's policy check).
 */
export function tenantOwnedDelete<
  T extends RevisionedTable & TenantChildTable,
  S extends Record<string, PgColumn>,
>(
  rows: RevisionedRows<T, S>,
): (...args: [...Parameters<RevisionedDelete>, beforeWrite?: (before: RowOf<S>) => void]) => Promise<void> {
  return async (db, id, actor, expectedRevision, beforeWrite) => {
    await inTenantOwnedTransaction(db, rows, id, (tx) =>
      deleteRevisioned(tx, rows, id, expectedRevision, actor, (before) => {
        beforeWrite?.(before);
        return { before };
      }),
    );
  };
}
