import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Environment } from '../../contract/common';
import { environmentInSentence } from '../../contract/vocabulary';
import type { FieldIssue } from '../../contract/errors';
import type { Tenant } from '../../contract/tenants';
import type { Executor, Transaction } from '../db/client';
import { capabilities, capabilitySubscriptions, capabilitySubscriptionVersions } from '../db/schema';
import { AppError, notFound } from '../errors';
import { PreconditionFailedError, revisionMatches, type ExpectedRevision } from '../revisions';
import { environmentEnabled } from '../tenants/governance';
import { lockCapability, lockTenant } from '../locks';
import { rowsOf, type LineageKind, type LineageRow } from './lineage-kind';

/*
 * What every lineage write checks and locks. Locks, in the one order every writer takes them
 * (docs/concurrency.md): the tenant row FOR NO KEY UPDATE (gateway writers of one tenant queue here,
 * so the tenant-wide rules see every committed version), the capability FOR KEY SHARE (a capability
 * delete waits, or wins and this answers 404), then the lineage's rows FOR UPDATE in version order.
 */

/** The tenant row, locked so gateway writers of one tenant go one at a time; 404 when it is gone. */
export async function lockTenantFor(tx: Transaction, tenantId: string, what: string): Promise<Tenant> {
  const tenant = await lockTenant(tx, tenantId, 'no key update');
  if (!tenant) throw notFound(what);
  return tenant;
}

/** Every version of a lineage, locked, newest first; 404 when it does not exist in this tenant. */
export async function lockLineage<Row extends LineageRow>(
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
export function assertNewest<Row extends LineageRow>(
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

/** Where a version lives: its capability and environment. */
export type VersionContext = Pick<LineageRow, 'capabilityId' | 'environment'>;

/**
 * The rules of a version's context: the tenant's environment is enabled, and the tenant subscribes to
 * the capability in that environment (its subscription was made there, or it holds a configuration
 * version there). `paths` names the body fields a refusal concerns when the client sent them (create,
 * promote).
 */
export async function assertContextAllowed(
  tx: Transaction,
  tenant: Tenant,
  context: VersionContext,
  paths?: { environment: string; capabilityId: string },
): Promise<void> {
  const issue = (field: 'environment' | 'capabilityId', message: string): FieldIssue[] | undefined =>
    paths ? [{ path: paths[field], message }] : undefined;
  if (!environmentEnabled(tenant, context.environment)) {
    const message = `The ${environmentInSentence(context.environment)} environment is disabled for tenant ${tenant.name}; enable it first`;
    throw new AppError('CONFLICT', message, issue('environment', 'Environment disabled for this tenant'));
  }
  const capability = await lockCapability(tx, context.capabilityId, 'key share');
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
    const message = `Tenant ${tenant.name} does not subscribe to ${capability.name} in ${environmentInSentence(context.environment)}: configure the capability there first`;
    throw new AppError('CONFLICT', message, issue('capabilityId', 'Not subscribed in this environment'));
  }
}
