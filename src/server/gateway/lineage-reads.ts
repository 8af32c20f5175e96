import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Environment } from '../../contract/common';
import type { PageQuery } from '../../contract/lists';
import type { Executor } from '../db/client';
import { builtSelect, tableFrom } from '../db/lazy-select';
import { pageQueries, offsetWindow, runList } from '../db/list';
import { notFound } from '../errors';
import {
  isLineageId,
  rowsOf,
  type LineageKind,
  type LineageRow,
  type LineageTable,
  type PromotedFrom,
  type Shaped,
  type WithLatest,
} from './lineage-kind';

/* Reading lineages: lists of the current versions, one lineage's history, the active versions. */

/** A stored row in the contract's shape, its source looked up in `sources`. */
function shapedRow<Row extends LineageRow>(row: Row, sources: Map<string, PromotedFrom>): Shaped<Row> {
  const { promotedFromId, ...rest } = row;
  return { ...rest, promotedFrom: (promotedFromId && sources.get(promotedFromId)) || null };
}

/**
 * Rows in the contract's shape: the stored promotedFromId becomes promotedFrom (the source's id,
 * environment and number), read for all rows in one query; null when created directly or the source
 * is gone.
 */
export async function withPromotedFrom<Row extends LineageRow>(
  db: Executor,
  kind: LineageKind<Row>,
  rows: Row[],
): Promise<Shaped<Row>[]> {
  const { table } = kind;
  const ids = [...new Set(rows.flatMap((row) => row.promotedFromId ?? []))];
  const sources =
    ids.length === 0
      ? []
      : rowsOf<PromotedFrom>(
          await db
            .select({ id: table.id, environment: table.environment, version: table.version })
            .from(table)
            .where(inArray(table.id, ids)),
        );
  const byId = new Map(sources.map((source) => [source.id, source]));
  return rows.map((row) => shapedRow(row, byId));
}

/** One row in the contract's shape. */
export async function shapeOne<Row extends LineageRow>(
  db: Executor,
  kind: LineageKind<Row>,
  row: Row,
): Promise<Shaped<Row>> {
  const [shaped] = await withPromotedFrom(db, kind, [row]);
  if (!shaped) throw new Error('Shaping returned no row');
  return shaped;
}

/**
 * The outer row's lineage id, always qualified: Drizzle leaves columns unqualified in a select list,
 * where `lineage_id` inside the subqueries below would name the subquery's own row.
 */
const outerLineage = (table: LineageTable): SQL => sql`${table}.lineage_id`;

/** The current version of its lineage: the active one, or the newest when none is active. */
function currentVersionOnly(table: LineageTable): SQL | undefined {
  return or(
    eq(table.isActive, true),
    and(
      sql`not exists (select 1 from ${table} as other where other.lineage_id = ${outerLineage(table)} and other.is_active)`,
      sql`${table.version} = (select max(other.version) from ${table} as other where other.lineage_id = ${outerLineage(table)})`,
    ),
  );
}

/** The newest version number of the row's lineage, as a selected column. */
const latestVersionOf = (table: LineageTable) =>
  sql<number>`(select max(other.version) from ${table} as other where other.lineage_id = ${outerLineage(table)})`.mapWith(
    Number,
  );

/** What a list of current versions keeps: one tenant and environment, a capability, a search. */
export interface CurrentFilter {
  tenantId: string;
  environment: Environment;
  capabilityId?: string;
  search?: SQL;
}

/** The current version of each lineage (the active one, or the newest of a disabled lineage), paged. */
export async function listCurrent<Row extends LineageRow>(
  db: Executor,
  kind: LineageKind<Row>,
  filter: CurrentFilter,
  orderBy: SQL[],
  query: { limit?: number; offset?: number },
): Promise<{ items: WithLatest<Row>[]; total: number }> {
  const { table } = kind;
  const where = and(
    eq(table.tenantId, filter.tenantId),
    eq(table.environment, filter.environment),
    filter.capabilityId ? eq(table.capabilityId, filter.capabilityId) : undefined,
    filter.search,
    currentVersionOnly(table),
  );
  // One tenant's routes or policies in one environment: a short list, paged by offset only.
  const window = offsetWindow(query);
  const select = db
    .select({ row: table, latestVersion: latestVersionOf(table) })
    .from(table)
    .$dynamic();
  const page = await runList(db, pageQueries(db, builtSelect(select), { table, where, window, orderBy }));
  const listed = rowsOf<{ row: Row; latestVersion: number }>(page.items);
  const shaped = await withPromotedFrom(
    db,
    kind,
    listed.map(({ row }) => row),
  );
  const items = shaped.map((row, i) => ({ ...row, latestVersion: listed[i]?.latestVersion ?? row.version }));
  return { items, total: page.total };
}

/** A lineage's versions, newest first, each with the lineage's newest number; 404 for another tenant's. */
export async function listHistory<Row extends LineageRow>(
  db: Executor,
  kind: LineageKind<Row>,
  tenantId: string,
  lineageId: string,
  query: PageQuery,
): Promise<{ items: WithLatest<Row>[]; total: number }> {
  if (!isLineageId(lineageId)) throw notFound(kind.label);
  const { table } = kind;
  const where = and(eq(table.tenantId, tenantId), eq(table.lineageId, lineageId));
  const window = offsetWindow(query);
  const [newest] = rowsOf<Row>(
    await db.select().from(table).where(where).orderBy(desc(table.version)).limit(1),
  );
  if (!newest) throw notFound(kind.label);
  // Version numbers are unique per lineage, so they alone order the pages stably.
  const page = await runList(
    db,
    pageQueries(db, tableFrom(table), {
      table,
      where,
      window,
      orderBy: [desc(table.version)],
    }),
  );
  const items = await withPromotedFrom(db, kind, rowsOf<Row>(page.items));
  return { items: items.map((row) => ({ ...row, latestVersion: newest.version })), total: page.total };
}

/** The versions of a kind a condition keeps, unlocked, in the order given. */
async function versionsWhere<Row extends LineageRow>(
  db: Executor,
  kind: LineageKind<Row>,
  where: SQL | undefined,
  orderBy: SQL,
): Promise<Row[]> {
  return rowsOf<Row>(await db.select().from(kind.table).where(where).orderBy(orderBy));
}

/** Every version of one lineage of a tenant, unlocked, oldest first (empty when there is none). */
export const lineageVersions = <Row extends LineageRow>(
  db: Executor,
  kind: LineageKind<Row>,
  tenantId: string,
  lineageId: string,
): Promise<Row[]> =>
  versionsWhere(
    db,
    kind,
    and(eq(kind.table.tenantId, tenantId), eq(kind.table.lineageId, lineageId)),
    asc(kind.table.version),
  );

/** One version of a tenant by its id, unlocked; undefined when there is none. */
export async function versionById<Row extends LineageRow>(
  db: Executor,
  kind: LineageKind<Row>,
  tenantId: string,
  versionId: string,
): Promise<Row | undefined> {
  const { table } = kind;
  const [found] = await versionsWhere(
    db,
    kind,
    and(eq(table.id, versionId), eq(table.tenantId, tenantId)),
    asc(table.id),
  );
  return found;
}

/** The active versions of one tenant and environment, for the hand-off artifacts and the rules. */
export function activeVersions<Row extends LineageRow>(
  db: Executor,
  kind: LineageKind<Row>,
  tenantId: string,
  environment: Environment,
): Promise<Row[]> {
  const { table } = kind;
  const active = and(
    eq(table.tenantId, tenantId),
    eq(table.environment, environment),
    eq(table.isActive, true),
  );
  return versionsWhere(db, kind, active, asc(table.id));
}
