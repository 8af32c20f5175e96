import { and, asc, eq, inArray } from 'drizzle-orm';
import { NEXT_ENVIRONMENT } from '../../contract/capability-subscriptions';
import type { Environment } from '../../contract/common';
import { environmentInSentence, environmentNames } from '../../contract/vocabulary';
import type { Tenant } from '../../contract/tenants';
import { changedFields } from '../audit/changes';
import type { Actor } from '../auth/viewer';
import type { Database, Executor, Transaction } from '../db/client';
import { AppError, badRequest, notFound } from '../errors';
import { assertContextAllowed, lockLineage, lockTenantFor } from './lineage-context';
import {
  auditContext,
  fieldsOf,
  isLineageId,
  ownFields,
  rowsOf,
  type FieldsOf,
  type LineageKind,
  type LineageRow,
  type PromotedFrom,
  type Shaped,
  type WithLatest,
} from './lineage-kind';
import { lineageVersions, shapeOne } from './lineage-reads';
import { auditLineage, deactivateLineage, insertVersion } from './lineage-writes';

/*
 * A promotion (docs/promotion.md) copies a lineage's active version into the next environment: the
 * copy's `promoted_from_id` names its source version, and a later promotion of the same source lineage
 * appends to the target lineage any of whose versions was promoted from it.
 */

/** Only the next environment: development to UAT, UAT to production (a 400 naming the field). */
function assertNextEnvironment(label: string, from: Environment, target: Environment): void {
  const next = NEXT_ENVIRONMENT[from];
  if (target === next) return;
  const noun = label.toLowerCase();
  const message = next
    ? `A ${environmentInSentence(from)} ${noun} can only be promoted to ${environmentNames[next]}`
    : `A production ${noun} cannot be promoted further`;
  throw badRequest(message, [{ path: 'body.targetEnvironment', message }]);
}

/**
 * The lineage of the target environment that earlier promotions of this source lineage went to: one
 * of its versions names a version of the source as its origin. The oldest such lineage, should there
 * ever be two.
 */
async function promotedLineageOf<Row extends LineageRow>(
  db: Executor,
  kind: LineageKind<Row>,
  tenantId: string,
  sources: Row[],
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
          inArray(
            table.promotedFromId,
            sources.map((source) => source.id),
          ),
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
  active: Shaped<Row> | null;
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
  const sources = await lineageVersions(db, kind, ids.tenantId, ids.lineageId);
  const [first] = sources;
  if (!first) throw notFound(kind.label);
  assertNextEnvironment(kind.label, first.environment, target);
  const lineageId = await promotedLineageOf(db, kind, ids.tenantId, sources, target);
  if (!lineageId) return { lineageId: null, latestVersion: null, active: null };
  const { table } = kind;
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
async function onTarget(check: Promise<void>): Promise<void> {
  try {
    await check;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'CONFLICT' || error.issues) throw error;
    throw new AppError('CONFLICT', error.message, [
      { path: 'body.targetEnvironment', message: error.message },
    ]);
  }
}

/**
 * The source lineage's first row, read unlocked for its capability and environment (which never
 * change in a lineage), so the capability is locked before the lineage rows, in the documented order;
 * then the target's context rules.
 */
async function assertPromotable<Row extends LineageRow>(
  tx: Transaction,
  kind: LineageKind<Row>,
  tenant: Tenant,
  lineageId: string,
  target: Environment,
): Promise<void> {
  const { table } = kind;
  const [first] = rowsOf<Row>(
    await tx
      .select()
      .from(table)
      .where(and(eq(table.tenantId, tenant.id), eq(table.lineageId, lineageId)))
      .limit(1),
  );
  if (!first) throw notFound(kind.label);
  assertNextEnvironment(kind.label, first.environment, target);
  await onTarget(
    assertContextAllowed(
      tx,
      tenant,
      { capabilityId: first.capabilityId, environment: target },
      { environment: 'body.targetEnvironment', capabilityId: 'body.targetEnvironment' },
    ),
  );
}

/** The source lineage's active version, locked with its lineage; a 409 when there is none. */
async function activeSource<Row extends LineageRow>(
  tx: Transaction,
  kind: LineageKind<Row>,
  ids: { tenantId: string; lineageId: string },
): Promise<{ source: Row; sources: Row[] }> {
  const sources = await lockLineage(tx, kind, ids.tenantId, ids.lineageId);
  const source = sources.find((v) => v.isActive);
  if (!source) {
    throw new AppError(
      'CONFLICT',
      `The ${kind.label.toLowerCase()} has no active version to promote: activate one first`,
    );
  }
  return { source, sources };
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
  return db.transaction(async (tx) => {
    const tenant = await lockTenantFor(tx, ids.tenantId, kind.label);
    await assertPromotable(tx, kind, tenant, ids.lineageId, target);
    const { source, sources } = await activeSource(tx, kind, ids);
    const targetLineageId = await promotedLineageOf(tx, kind, ids.tenantId, sources, target);
    const targets = targetLineageId ? await lockLineage(tx, kind, ids.tenantId, targetLineageId) : undefined;
    const current = targets ? (targets.find((v) => v.isActive) ?? targets[0]) : undefined;
    const candidate = {
      ...ownFields(source),
      tenantId: ids.tenantId,
      ...(targetLineageId ? { lineageId: targetLineageId } : {}),
      capabilityId: source.capabilityId,
      environment: target,
      version: targets ? targets[0].version + 1 : 1,
      isActive: true,
      createdBy: actor.email,
      promotedFromId: source.id,
    };
    await onTarget(kind.assertCanBeActive(tx, { lineageId: '', ...candidate }));
    if (targetLineageId) await deactivateLineage(tx, kind, targetLineageId);
    const created = await insertVersion(tx, kind, candidate);
    const promotedFrom: PromotedFrom = {
      id: source.id,
      environment: source.environment,
      version: source.version,
    };
    await auditLineage(tx, kind, actor, {
      verb: 'promote',
      lineageId: created.lineageId,
      tenantId: ids.tenantId,
      changes: {
        ...auditContext(created),
        promotedFrom: { ...promotedFrom, lineageId: source.lineageId },
        previousVersion: current?.version ?? null,
        ...(current
          ? { changedFields: changedFields<FieldsOf<Row>>(current, created, kind.fields) }
          : fieldsOf(kind, source)),
      },
    });
    const { promotedFromId: _link, ...row } = created;
    return { ...row, promotedFrom, latestVersion: created.version };
  });
}
