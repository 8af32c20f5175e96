import { and, eq } from 'drizzle-orm';
import type { Environment } from '../../contract/common';
import { changedFields } from '../audit/changes';
import { recordAudit } from '../audit/service';
import type { Actor } from '../auth/viewer';
import type { Database, Transaction } from '../db/client';
import { notFound } from '../errors';
import type { ExpectedRevision } from '../revisions';
import { assertContextAllowed, assertNewest, lockLineage, lockTenantFor } from './lineage-context';
import {
  auditContext,
  fieldsOf,
  isLineageId,
  rowsOf,
  type FieldsOf,
  type LineageKind,
  type LineageRow,
  type WithLatest,
} from './lineage-kind';
import { shapeOne, versionById } from './lineage-reads';

/* Writing lineages: create, edit (append a version), activate, disable, delete (docs/gateway.md). */

/** The columns a new version row is written with (the database fills id, createdAt, lineageId). */
export type NewVersion<Row> = FieldsOf<Row> &
  Pick<LineageRow, 'tenantId' | 'capabilityId' | 'environment' | 'version' | 'isActive' | 'createdBy'> &
  Partial<Pick<LineageRow, 'lineageId' | 'promotedFromId'>>;

/** Inserts one version row of a kind. */
export async function insertVersion<Row extends LineageRow>(
  tx: Transaction,
  kind: LineageKind<Row>,
  values: NewVersion<Row>,
): Promise<Row> {
  const [row] = rowsOf<Row>(await tx.insert(kind.table).values(values).returning());
  if (!row) throw new Error('Insert returned no row');
  return row;
}

/** Deactivates every version of a lineage. */
export async function deactivateLineage<Row extends LineageRow>(
  tx: Transaction,
  kind: LineageKind<Row>,
  lineageId: string,
): Promise<void> {
  const { table } = kind;
  await tx
    .update(table)
    .set({ isActive: false })
    .where(and(eq(table.lineageId, lineageId), eq(table.isActive, true)));
}

/** Records a write of a lineage: `${kind.action}.${verb}` on the lineage, in the write's transaction. */
export function auditLineage<Row extends LineageRow>(
  tx: Transaction,
  kind: LineageKind<Row>,
  actor: Actor,
  event: { verb: string; lineageId: string; tenantId: string; changes: Record<string, unknown> },
): Promise<unknown> {
  return recordAudit(tx, actor, {
    action: `${kind.action}.${event.verb}`,
    resourceType: kind.resourceType,
    resourceId: event.lineageId,
    tenantId: event.tenantId,
    changes: event.changes,
  });
}

/** Creates a lineage: version 1, active, created by the signed-in user. */
export async function createLineage<Row extends LineageRow>(
  db: Database,
  kind: LineageKind<Row>,
  tenantId: string,
  values: FieldsOf<Row> & { capabilityId: string; environment: Environment },
  actor: Actor,
): Promise<WithLatest<Row>> {
  return db.transaction(async (tx) => {
    const tenant = await lockTenantFor(tx, tenantId, 'Tenant');
    await assertContextAllowed(tx, tenant, values, {
      environment: 'body.environment',
      capabilityId: 'body.capabilityId',
    });
    const candidate = { ...values, tenantId, version: 1, isActive: true, createdBy: actor.email };
    await kind.assertCanBeActive(tx, { ...candidate, lineageId: '' });
    const created = await insertVersion(tx, kind, candidate);
    await auditLineage(tx, kind, actor, {
      verb: 'create',
      lineageId: created.lineageId,
      tenantId,
      changes: { ...auditContext(created), ...fieldsOf(kind, created) },
    });
    return { ...(await shapeOne(tx, kind, created)), latestVersion: 1 };
  });
}

/** A write to an existing lineage: the tenant locked, the lineage's rows locked, If-Match checked. */
async function lockForWrite<Row extends LineageRow>(
  tx: Transaction,
  kind: LineageKind<Row>,
  ids: { tenantId: string; lineageId: string },
  expectedVersion: ExpectedRevision | undefined,
  what = kind.label,
) {
  const tenant = await lockTenantFor(tx, ids.tenantId, what);
  const versions = await lockLineage(tx, kind, ids.tenantId, ids.lineageId);
  const newest = versions[0];
  assertNewest(kind, newest, expectedVersion);
  return { tenant, versions, newest, active: versions.find((v) => v.isActive) };
}

/** Edits a lineage: its next version, with `fields`, becomes the active one. */
export async function appendVersion<Row extends LineageRow>(
  db: Database,
  kind: LineageKind<Row>,
  ids: { tenantId: string; lineageId: string },
  fields: FieldsOf<Row>,
  actor: Actor,
  expectedVersion: ExpectedRevision | undefined,
): Promise<WithLatest<Row>> {
  if (!isLineageId(ids.lineageId)) throw notFound(kind.label);
  return db.transaction(async (tx) => {
    const { tenant, newest, active } = await lockForWrite(tx, kind, ids, expectedVersion);
    const current = active ?? newest;
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
    await kind.assertCanBeActive(tx, candidate);
    await deactivateLineage(tx, kind, ids.lineageId);
    const created = await insertVersion(tx, kind, candidate);
    await auditLineage(tx, kind, actor, {
      verb: 'update',
      ...ids,
      changes: {
        ...auditContext(created),
        previousVersion: current.version,
        changedFields: changedFields<FieldsOf<Row>>(current, created, kind.fields),
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
  const what = `${kind.label} version`;
  return db.transaction(async (tx) => {
    const found = await versionById(tx, kind, ids.tenantId, ids.versionId);
    if (!found) throw notFound(what);
    const lineage = { tenantId: ids.tenantId, lineageId: found.lineageId };
    const { tenant, versions, newest, active } = await lockForWrite(tx, kind, lineage, expectedVersion, what);
    const version = versions.find((v) => v.id === ids.versionId);
    if (!version) throw notFound(what);
    if (!version.isActive) {
      await assertContextAllowed(tx, tenant, version);
      await kind.assertCanBeActive(tx, version);
      await deactivateLineage(tx, kind, version.lineageId);
      await tx.update(kind.table).set({ isActive: true }).where(eq(kind.table.id, version.id));
      await auditLineage(tx, kind, actor, {
        verb: 'activate',
        lineageId: version.lineageId,
        tenantId: version.tenantId,
        changes: {
          ...auditContext(version),
          previousVersion: active?.version ?? null,
          changedFields: active ? changedFields<FieldsOf<Row>>(active, version, kind.fields) : {},
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
    const { newest, active } = await lockForWrite(tx, kind, ids, expectedVersion);
    if (active) {
      await deactivateLineage(tx, kind, ids.lineageId);
      await auditLineage(tx, kind, actor, { verb: 'disable', ...ids, changes: auditContext(active) });
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
  await db.transaction(async (tx) => {
    const { versions, newest, active } = await lockForWrite(tx, kind, ids, expectedVersion);
    await tx.delete(kind.table).where(eq(kind.table.lineageId, ids.lineageId));
    await auditLineage(tx, kind, actor, {
      verb: 'delete',
      ...ids,
      changes: { ...auditContext(active ?? newest), versions: versions.length },
    });
  });
}
