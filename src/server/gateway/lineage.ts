import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { NEXT_ENVIRONMENT } from '../../contract/capability-subscriptions';
import type { Environment } from '../../contract/common';
import type { FieldIssue } from '../../contract/errors';
import type { PageQuery } from '../../contract/lists';
import type { Tenant } from '../../contract/tenants';
import { changedFields } from '../audit/changes';
import { recordAudit } from '../audit/service';
import type { Actor } from '../auth/viewer';
import type { Database, Executor, Transaction } from '../db/client';
import { countColumn, pageOf, runList } from '../db/list';
import { capabilities, capabilitySubscriptions, capabilitySubscriptionVersions } from '../db/schema';
import { AppError, badRequest, notFound } from '../errors';
import { PreconditionFailedError, revisionMatches, type ExpectedRevision } from '../revisions';
import { environmentEnabled } from '../tenants/governance';
import { lockTenant } from '../tenants/lock';

/*
 * The versioning both gateway routes and OPA policies share (docs/gateway.md): a lineage of numbered
 * versions, at most one active, edited by appending the next version. Each kind brings its table, its
 * names and the rule that must hold before one of its versions becomes active.
 *
 * Locks, in the one order every writer takes them (docs/concurrency.md): the tenant row FOR NO KEY
 * UPDATE (gateway writers of one tenant queue here, so the tenant-wide rules see every committed
 * version), the capability FOR KEY SHARE (a capability delete waits, or wins and this answers 404),
 * then the lineage's rows FOR UPDATE in version order.
 *
 * A promotion (docs/promotion.md) copies a lineage's active version into the next environment: the
 * copy's `promoted_from_id` names its source version, and a later promotion of the same source lineage
 * appends to the target lineage any of whose versions was promoted from it.
 */

/** The columns every versioned gateway table has. */
export interface LineageColumns {
  id: PgColumn;
  lineageId: PgColumn;
  tenantId: PgColumn;
  capabilityId: PgColumn;
  environment: PgColumn;
  version: PgColumn;
  isActive: PgColumn;
  createdAt: PgColumn;
  promotedFromId: PgColumn;
}
export type LineageTable = PgTable & LineageColumns;

/** The fields of a version row every kind has. */
export interface LineageRow {
  id: string;
  lineageId: string;
  tenantId: string;
  capabilityId: string;
  environment: Environment;
  version: number;
  isActive: boolean;
  createdAt: string;
  createdBy: string | null;
  /** The version this one was promoted from (answered in place of the stored promotedFromId). */
  promotedFrom?: PromotedFrom | null;
}

/** A promoted version's source: its id, environment and number. */
export interface PromotedFrom {
  id: string;
  environment: Environment;
  version: number;
}

/** A row as stored: the link to its source is the id only. */
type Stored<Row> = Row & { promotedFromId?: string | null };

/** What a kind of versioned resource supplies. */
export interface LineageKind<Row extends LineageRow> {
  table: LineageTable;
  /** "Gateway route": messages and 404s. */
  label: string;
  /** Audit action prefix ("gateway_route") and resource type ("gateway-route"). */
  action: string;
  resourceType: string;
  /** The editable fields, compared for the audit trail. */
  fields: readonly (keyof Row & string)[];
  /** The tenant-wide rule a version must satisfy to become (or stay) active; throws a 409. */
  assertCanBeActive(tx: Transaction, row: Row): Promise<void>;
}

export type WithLatest<Row> = Row & { latestVersion: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Lineage ids are UUIDs: anything else names no lineage (404, not a database error). */
export const isLineageId = (value: string): boolean => UUID.test(value);

// Drizzle infers row types from a concrete table; over a generic table the rows are the kind's Row.
const rowsOf = <Row>(rows: unknown): Row[] => rows as Row[];

/**
 * Rows in the contract's shape: the stored promotedFromId becomes promotedFrom (the source's id,
 * environment and number), read for all rows in one query; null when created directly or the source
 * is gone.
 */
async function withPromotedFrom<Row extends LineageRow>(
  db: Executor,
  kind: LineageKind<Row>,
  rows: Row[],
): Promise<Row[]> {
  const { table } = kind;
  const linkOf = (row: Row) => (row as Stored<Row>).promotedFromId ?? null;
  const ids = [...new Set(rows.flatMap((row) => linkOf(row) ?? []))];
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
  return rows.map((row) => {
    const { promotedFromId: _link, ...rest } = row as Stored<Row>;
    const link = linkOf(row);
    return { ...rest, promotedFrom: (link && byId.get(link)) || null } as unknown as Row;
  });
}

/** One row in the contract's shape. */
async function shapeOne<Row extends LineageRow>(
  db: Executor,
  kind: LineageKind<Row>,
  row: Row,
): Promise<Row> {
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
function currentVersionOnly(table: LineageTable): SQL {
  return or(
    eq(table.isActive, true),
    and(
      sql`not exists (select 1 from ${table} as other where other.lineage_id = ${outerLineage(table)} and other.is_active)`,
      sql`${table.version} = (select max(other.version) from ${table} as other where other.lineage_id = ${outerLineage(table)})`,
    ),
  ) as SQL;
}

/** The newest version number of the row's lineage, as a selected column. */
const latestVersionOf = (table: LineageTable) =>
  sql<number>`(select max(other.version) from ${table} as other where other.lineage_id = ${outerLineage(table)})`.mapWith(
    Number,
  );

/** The current version of each lineage (the active one, or the newest of a disabled lineage), paged. */
export async function listCurrent<Row extends LineageRow>(
  db: Executor,
  kind: LineageKind<Row>,
  filter: { tenantId: string; environment: Environment; capabilityId?: string; search?: SQL },
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
  const { limit, offset } = pageOf(query);
  const page = await runList({
    page: db
      .select({ row: table, latestVersion: latestVersionOf(table) } as never)
      .from(table)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit)
      .offset(offset),
    count: db.select(countColumn).from(table).where(where),
    limit,
    offset,
  });
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
  const { limit, offset } = pageOf(query);
  const [newest] = rowsOf<Row>(
    await db.select().from(table).where(where).orderBy(desc(table.version)).limit(1),
  );
  if (!newest) throw notFound(kind.label);
  // Version numbers are unique per lineage, so they alone order the pages stably.
  const page = await runList({
    page: db.select().from(table).where(where).orderBy(desc(table.version)).limit(limit).offset(offset),
    count: db.select(countColumn).from(table).where(where),
    limit,
    offset,
  });
  const items = await withPromotedFrom(db, kind, rowsOf<Row>(page.items));
  return { items: items.map((row) => ({ ...row, latestVersion: newest.version })), total: page.total };
}

/** The tenant row, locked so gateway writers of one tenant go one at a time; 404 when it is gone. */
async function lockTenantFor(tx: Transaction, tenantId: string, what: string): Promise<Tenant> {
  const tenant = await lockTenant(tx, tenantId, 'no key update');
  if (!tenant) throw notFound(what);
  return tenant;
}

/** Every version of a lineage, locked, newest first; 404 when it does not exist in this tenant. */
async function lockLineage<Row extends LineageRow>(
  tx: Transaction,
  kind: LineageKind<Row>,
  tenantId: string,
  lineageId: string,
): Promise<[Row, ...Row[]]> {
  const { table } = kind;
  // Locked in ascending version order, the order every writer uses; answered newest first.
  const rows = rowsOf<Row>(
    await tx
      .select()
      .from(table)
      .where(and(eq(table.tenantId, tenantId), eq(table.lineageId, lineageId)))
      .orderBy(asc(table.version))
      .for('update'),
  ).reverse();
  const [newest, ...older] = rows;
  if (!newest) throw notFound(kind.label);
  return [newest, ...older];
}

/** If-Match on a lineage: the client names the newest version it has seen; a newer one is a 412. */
function assertNewest<Row extends LineageRow>(
  kind: LineageKind<Row>,
  newest: Row,
  expectedVersion: ExpectedRevision | undefined,
): void {
  if (!revisionMatches(newest.version, expectedVersion)) {
    throw new PreconditionFailedError(
      newest.version,
      { ...newest, latestVersion: newest.version },
      `The ${kind.label.toLowerCase()}`,
    );
  }
}

const ENVIRONMENT_LABEL: Record<Environment, string> = {
  development: 'development',
  uat: 'UAT',
  production: 'production',
};

/**
 * The tenant's active subscriptions that count in an environment: made there, or holding a
 * configuration version there (a subscription row records only the environment it was made in).
 */
function subscribedIn(tenantId: string, environment: Environment): SQL | undefined {
  return and(
    eq(capabilitySubscriptions.tenantId, tenantId),
    eq(capabilitySubscriptions.status, 'active'),
    or(
      eq(capabilitySubscriptions.environment, environment),
      sql`exists (select 1 from ${capabilitySubscriptionVersions} where ${capabilitySubscriptionVersions.subscriptionId} = ${capabilitySubscriptions.id} and ${capabilitySubscriptionVersions.environment} = ${environment})`,
    ),
  );
}

/** The capabilities routes and policies may name in one environment of a tenant, by name. */
export async function subscribedCapabilities(
  db: Executor,
  tenantId: string,
  environment: Environment,
): Promise<{ id: string; name: string }[]> {
  return db
    .selectDistinct({ id: capabilities.id, name: capabilities.name })
    .from(capabilitySubscriptions)
    .innerJoin(capabilities, eq(capabilities.id, capabilitySubscriptions.capabilityId))
    .where(subscribedIn(tenantId, environment))
    .orderBy(asc(capabilities.name), asc(capabilities.id));
}

/**
 * The rules of a version's context: the tenant's environment is enabled, and the tenant subscribes to
 * the capability in that environment (its subscription was made there, or it holds a configuration
 * version there). `paths` names the body fields a refusal concerns when the client sent them (create,
 * promote).
 */
async function assertContextAllowed(
  tx: Transaction,
  tenant: Tenant,
  context: { capabilityId: string; environment: Environment },
  paths?: { environment: string; capabilityId: string },
): Promise<void> {
  const issue = (field: 'environment' | 'capabilityId', message: string): FieldIssue[] | undefined =>
    paths ? [{ path: paths[field], message }] : undefined;
  if (!environmentEnabled(tenant, context.environment)) {
    const message = `The ${ENVIRONMENT_LABEL[context.environment]} environment is disabled for tenant ${tenant.name}; enable it first`;
    throw new AppError('CONFLICT', message, issue('environment', 'Environment disabled for this tenant'));
  }
  const [capability] = await tx
    .select({ id: capabilities.id, name: capabilities.name })
    .from(capabilities)
    .where(eq(capabilities.id, context.capabilityId))
    .for('key share');
  if (!capability) throw notFound('Capability');
  const [subscription] = await tx
    .select({ id: capabilitySubscriptions.id })
    .from(capabilitySubscriptions)
    .where(
      and(
        subscribedIn(tenant.id, context.environment),
        eq(capabilitySubscriptions.capabilityId, context.capabilityId),
      ),
    )
    .limit(1);
  if (!subscription) {
    const message = `Tenant ${tenant.name} does not subscribe to ${capability.name} in ${ENVIRONMENT_LABEL[context.environment]}: configure the capability there first`;
    throw new AppError('CONFLICT', message, issue('capabilityId', 'Not subscribed in this environment'));
  }
}

/** Inserts one version row of a kind. */
async function insertVersion<Row extends LineageRow>(
  tx: Transaction,
  kind: LineageKind<Row>,
  values: Record<string, unknown>,
): Promise<Row> {
  const [row] = rowsOf<Row>(
    await tx
      .insert(kind.table)
      .values(values as never)
      .returning(),
  );
  if (!row) throw new Error('Insert returned no row');
  return row;
}

/** Deactivates every version of a lineage. */
async function deactivateLineage(tx: Transaction, kind: LineageKind<LineageRow>, lineageId: string) {
  const { table } = kind;
  await tx
    .update(table)
    .set({ isActive: false } as never)
    .where(and(eq(table.lineageId, lineageId), eq(table.isActive, true)));
}

const auditContext = (row: LineageRow) => ({
  lineageId: row.lineageId,
  capabilityId: row.capabilityId,
  environment: row.environment,
  version: row.version,
});

/** Creates a lineage: version 1, active, created by the signed-in user. */
export async function createLineage<Row extends LineageRow>(
  db: Database,
  kind: LineageKind<Row>,
  tenantId: string,
  values: Omit<Row, keyof LineageRow> & { capabilityId: string; environment: Environment },
  actor: Actor,
): Promise<WithLatest<Row>> {
  return db.transaction(async (tx) => {
    const tenant = await lockTenantFor(tx, tenantId, 'Tenant');
    await assertContextAllowed(tx, tenant, values, {
      environment: 'body.environment',
      capabilityId: 'body.capabilityId',
    });
    const candidate = { ...values, tenantId, version: 1, isActive: true, createdBy: actor.email };
    await kind.assertCanBeActive(tx, { ...candidate, id: '', lineageId: '' } as unknown as Row);
    const created = await insertVersion(tx, kind, candidate);
    await recordAudit(tx, actor, {
      action: `${kind.action}.create`,
      resourceType: kind.resourceType,
      resourceId: created.lineageId,
      tenantId,
      changes: {
        ...auditContext(created),
        ...Object.fromEntries(kind.fields.map((field) => [field, created[field]])),
      },
    });
    return { ...(await shapeOne(tx, kind, created)), latestVersion: 1 };
  });
}

/** Edits a lineage: its next version, with `fields`, becomes the active one. */
export async function appendVersion<Row extends LineageRow>(
  db: Database,
  kind: LineageKind<Row>,
  ids: { tenantId: string; lineageId: string },
  fields: Omit<Row, keyof LineageRow>,
  actor: Actor,
  expectedVersion: ExpectedRevision | undefined,
): Promise<WithLatest<Row>> {
  if (!isLineageId(ids.lineageId)) throw notFound(kind.label);
  return db.transaction(async (tx) => {
    const tenant = await lockTenantFor(tx, ids.tenantId, kind.label);
    const versions = await lockLineage(tx, kind, ids.tenantId, ids.lineageId);
    const newest = versions[0];
    assertNewest(kind, newest, expectedVersion);
    const current = versions.find((v) => v.isActive) ?? newest;
    await assertContextAllowed(tx, tenant, newest);
    const candidate = {
      ...fields,
      tenantId: ids.tenantId,
      lineageId: ids.lineageId,
      capabilityId: newest.capabilityId,
      environment: newest.environment,
      version: newest.version + 1,
      isActive: true,
      createdBy: actor.email,
    };
    await kind.assertCanBeActive(tx, { ...candidate, id: '' } as unknown as Row);
    await deactivateLineage(tx, kind as LineageKind<LineageRow>, ids.lineageId);
    const created = await insertVersion(tx, kind, candidate);
    await recordAudit(tx, actor, {
      action: `${kind.action}.update`,
      resourceType: kind.resourceType,
      resourceId: ids.lineageId,
      tenantId: ids.tenantId,
      changes: {
        ...auditContext(created),
        previousVersion: current.version,
        changedFields: changedFields(current, created, kind.fields),
      },
    });
    return { ...(await shapeOne(tx, kind, created)), latestVersion: created.version };
  });
}

/** Makes one version the only active one of its lineage, checking the rules again. */
export async function activateVersion<Row extends LineageRow>(
  db: Database,
  kind: LineageKind<Row>,
  ids: { tenantId: string; versionId: string },
  actor: Actor,
  expectedVersion: ExpectedRevision | undefined,
): Promise<WithLatest<Row>> {
  const { table } = kind;
  const what = `${kind.label} version`;
  return db.transaction(async (tx) => {
    const [found] = rowsOf<Row>(
      await tx
        .select()
        .from(table)
        .where(and(eq(table.id, ids.versionId), eq(table.tenantId, ids.tenantId))),
    );
    if (!found) throw notFound(what);
    const tenant = await lockTenantFor(tx, ids.tenantId, what);
    const versions = await lockLineage(tx, kind, ids.tenantId, found.lineageId);
    const newest = versions[0];
    assertNewest(kind, newest, expectedVersion);
    const version = versions.find((v) => v.id === ids.versionId);
    if (!version) throw notFound(what);
    if (!version.isActive) {
      await assertContextAllowed(tx, tenant, version);
      await kind.assertCanBeActive(tx, version);
      await deactivateLineage(tx, kind as LineageKind<LineageRow>, version.lineageId);
      await tx
        .update(table)
        .set({ isActive: true } as never)
        .where(eq(table.id, version.id));
      const previous = versions.find((v) => v.isActive);
      await recordAudit(tx, actor, {
        action: `${kind.action}.activate`,
        resourceType: kind.resourceType,
        resourceId: version.lineageId,
        tenantId: version.tenantId,
        changes: {
          ...auditContext(version),
          previousVersion: previous?.version ?? null,
          changedFields: previous ? changedFields(previous, version, kind.fields) : {},
        },
      });
    }
    return { ...(await shapeOne(tx, kind, version)), isActive: true, latestVersion: newest.version };
  });
}

/** Leaves a lineage with no active version: the gateway or policy server no longer gets it. */
export async function disableLineage<Row extends LineageRow>(
  db: Database,
  kind: LineageKind<Row>,
  ids: { tenantId: string; lineageId: string },
  actor: Actor,
  expectedVersion: ExpectedRevision | undefined,
): Promise<WithLatest<Row>> {
  if (!isLineageId(ids.lineageId)) throw notFound(kind.label);
  return db.transaction(async (tx) => {
    await lockTenantFor(tx, ids.tenantId, kind.label);
    const versions = await lockLineage(tx, kind, ids.tenantId, ids.lineageId);
    const newest = versions[0];
    assertNewest(kind, newest, expectedVersion);
    const active = versions.find((v) => v.isActive);
    if (active) {
      await deactivateLineage(tx, kind as LineageKind<LineageRow>, ids.lineageId);
      await recordAudit(tx, actor, {
        action: `${kind.action}.disable`,
        resourceType: kind.resourceType,
        resourceId: ids.lineageId,
        tenantId: ids.tenantId,
        changes: auditContext(active),
      });
    }
    return {
      ...(await shapeOne(tx, kind, active ?? newest)),
      isActive: false,
      latestVersion: newest.version,
    };
  });
}

/** Deletes a lineage with every version. */
export async function deleteLineage<Row extends LineageRow>(
  db: Database,
  kind: LineageKind<Row>,
  ids: { tenantId: string; lineageId: string },
  actor: Actor,
  expectedVersion: ExpectedRevision | undefined,
): Promise<void> {
  if (!isLineageId(ids.lineageId)) throw notFound(kind.label);
  const { table } = kind;
  await db.transaction(async (tx) => {
    await lockTenantFor(tx, ids.tenantId, kind.label);
    const versions = await lockLineage(tx, kind, ids.tenantId, ids.lineageId);
    const newest = versions[0];
    assertNewest(kind, newest, expectedVersion);
    await tx.delete(table).where(eq(table.lineageId, ids.lineageId));
    await recordAudit(tx, actor, {
      action: `${kind.action}.delete`,
      resourceType: kind.resourceType,
      resourceId: ids.lineageId,
      tenantId: ids.tenantId,
      changes: {
        ...auditContext(versions.find((v) => v.isActive) ?? newest),
        versions: versions.length,
      },
    });
  });
}

/** The active versions of one tenant and environment, for the hand-off artifacts and the rules. */
export async function activeVersions<Row extends LineageRow>(
  db: Executor,
  kind: LineageKind<Row>,
  tenantId: string,
  environment: Environment,
): Promise<Row[]> {
  const { table } = kind;
  return rowsOf<Row>(
    await db
      .select()
      .from(table)
      .where(and(eq(table.tenantId, tenantId), eq(table.environment, environment), eq(table.isActive, true)))
      .orderBy(asc(table.id)),
  );
}

const ENVIRONMENT_TITLE: Record<Environment, string> = {
  development: 'Development',
  uat: 'UAT',
  production: 'Production',
};

/** Only the next environment: development to UAT, UAT to production (a 400 naming the field). */
function assertNextEnvironment(kind: LineageKind<LineageRow>, from: Environment, target: Environment): void {
  const next = NEXT_ENVIRONMENT[from];
  if (target === next) return;
  const noun = kind.label.toLowerCase();
  const message = next
    ? `A ${ENVIRONMENT_LABEL[from]} ${noun} can only be promoted to ${ENVIRONMENT_TITLE[next]}`
    : `A production ${noun} cannot be promoted further`;
  throw badRequest(message, [{ path: 'body.targetEnvironment', message }]);
}

/**
 * The lineage of the target environment that earlier promotions of this source lineage went to: one
 * of its versions names a version of the source as its origin. The oldest such lineage, should there
 * ever be two.
 */
async function promotedLineageOf(
  db: Executor,
  kind: LineageKind<LineageRow>,
  tenantId: string,
  sourceIds: string[],
  target: Environment,
): Promise<string | undefined> {
  const { table } = kind;
  const [found] = rowsOf<{ lineageId: string }>(
    await db
      .select({ lineageId: table.lineageId })
      .from(table)
      .where(
        and(
          eq(table.tenantId, tenantId),
          eq(table.environment, target),
          inArray(table.promotedFromId, sourceIds),
        ),
      )
      .orderBy(asc(table.createdAt), asc(table.lineageId))
      .limit(1),
  );
  return found?.lineageId;
}

/** What a promotion would replace: the matching target lineage, its newest number and active version. */
export interface PromotionTarget<Row> {
  lineageId: string | null;
  latestVersion: number | null;
  active: Row | null;
}

/**
 * Where promoting a lineage to `target` would go, for the console's preview: the target lineage earlier
 * promotions of it went to (its active version, if any), or nothing (a new lineage). Read-only.
 */
export async function promotionTarget<Row extends LineageRow>(
  db: Executor,
  kind: LineageKind<Row>,
  ids: { tenantId: string; lineageId: string },
  target: Environment,
): Promise<PromotionTarget<Row>> {
  if (!isLineageId(ids.lineageId)) throw notFound(kind.label);
  const { table } = kind;
  const sources = rowsOf<Row>(
    await db
      .select()
      .from(table)
      .where(and(eq(table.tenantId, ids.tenantId), eq(table.lineageId, ids.lineageId))),
  );
  const [first] = sources;
  if (!first) throw notFound(kind.label);
  assertNextEnvironment(kind as LineageKind<LineageRow>, first.environment, target);
  const lineageId = await promotedLineageOf(
    db,
    kind as LineageKind<LineageRow>,
    ids.tenantId,
    sources.map((s) => s.id),
    target,
  );
  if (!lineageId) return { lineageId: null, latestVersion: null, active: null };
  const versions = rowsOf<Row>(await db.select().from(table).where(eq(table.lineageId, lineageId)));
  const active = versions.find((v) => v.isActive);
  return {
    lineageId,
    latestVersion: Math.max(...versions.map((v) => v.version)),
    active: active ? await shapeOne(db, kind, active) : null,
  };
}

/**
 * A conflict of the target environment's rules, as a promotion reports it: the issue names the body's
 * one field, the target environment, with the rule's own message.
 */
function onTarget(error: unknown): unknown {
  if (!(error instanceof AppError) || error.code !== 'CONFLICT' || error.issues) return error;
  return new AppError('CONFLICT', error.message, [
    { path: 'body.targetEnvironment', message: error.message },
  ]);
}

/**
 * Promotes a lineage's active version to the next environment (docs/promotion.md): the same fields
 * become the next active version of the target lineage earlier promotions of it went to, or version 1
 * of a new one. The target must pass the rules a create or edit there would (environment enabled,
 * capability subscribed there, the kind's rule), all in one transaction.
 *
 * Locks in the order of every gateway writer (docs/concurrency.md): the tenant row FOR NO KEY UPDATE,
 * the capability FOR KEY SHARE, then the source lineage's rows and the target lineage's rows FOR
 * UPDATE in version order (the tenant lock already keeps other gateway writers of the tenant out).
 */
export async function promoteLineage<Row extends LineageRow>(
  db: Database,
  kind: LineageKind<Row>,
  ids: { tenantId: string; lineageId: string },
  target: Environment,
  actor: Actor,
): Promise<WithLatest<Row>> {
  if (!isLineageId(ids.lineageId)) throw notFound(kind.label);
  const anyKind = kind as LineageKind<LineageRow>;
  return db.transaction(async (tx) => {
    const tenant = await lockTenantFor(tx, ids.tenantId, kind.label);
    // Read first, unlocked, for the capability and environment (which never change in a lineage), so
    // the capability is locked before the lineage rows, in the documented order.
    const [first] = rowsOf<Row>(
      await tx
        .select()
        .from(kind.table)
        .where(and(eq(kind.table.tenantId, ids.tenantId), eq(kind.table.lineageId, ids.lineageId)))
        .limit(1),
    );
    if (!first) throw notFound(kind.label);
    assertNextEnvironment(anyKind, first.environment, target);
    try {
      await assertContextAllowed(
        tx,
        tenant,
        { capabilityId: first.capabilityId, environment: target },
        { environment: 'body.targetEnvironment', capabilityId: 'body.targetEnvironment' },
      );
    } catch (error) {
      throw onTarget(error);
    }
    const sources = await lockLineage(tx, kind, ids.tenantId, ids.lineageId);
    const source = sources.find((v) => v.isActive);
    if (!source) {
      throw new AppError(
        'CONFLICT',
        `The ${kind.label.toLowerCase()} has no active version to promote: activate one first`,
      );
    }
    const targetLineageId = await promotedLineageOf(
      tx,
      anyKind,
      ids.tenantId,
      sources.map((v) => v.id),
      target,
    );
    const targets = targetLineageId ? await lockLineage(tx, kind, ids.tenantId, targetLineageId) : undefined;
    const current = targets ? (targets.find((v) => v.isActive) ?? targets[0]) : undefined;
    const fields = Object.fromEntries(kind.fields.map((field) => [field, source[field]]));
    const candidate = {
      ...fields,
      tenantId: ids.tenantId,
      ...(targetLineageId ? { lineageId: targetLineageId } : {}),
      capabilityId: source.capabilityId,
      environment: target,
      version: targets ? targets[0].version + 1 : 1,
      isActive: true,
      createdBy: actor.email,
      promotedFromId: source.id,
    };
    try {
      await kind.assertCanBeActive(tx, { lineageId: '', ...candidate, id: '' } as unknown as Row);
    } catch (error) {
      throw onTarget(error);
    }
    if (targetLineageId) await deactivateLineage(tx, anyKind, targetLineageId);
    const created = await insertVersion(tx, kind, candidate);
    const promotedFrom: PromotedFrom = {
      id: source.id,
      environment: source.environment,
      version: source.version,
    };
    await recordAudit(tx, actor, {
      action: `${kind.action}.promote`,
      resourceType: kind.resourceType,
      resourceId: created.lineageId,
      tenantId: ids.tenantId,
      changes: {
        ...auditContext(created),
        promotedFrom: { ...promotedFrom, lineageId: source.lineageId },
        previousVersion: current?.version ?? null,
        ...(current ? { changedFields: changedFields(current, created, kind.fields) } : fields),
      },
    });
    const { promotedFromId: _link, ...row } = created as Stored<Row>;
    return { ...(row as unknown as Row), promotedFrom, latestVersion: created.version };
  });
}
