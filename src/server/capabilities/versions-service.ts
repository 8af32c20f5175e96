import { and, asc, desc, eq, max, ne } from 'drizzle-orm';
import {
  subscriptionIdFor,
  type ConfigurationVersion,
  type CreateVersionBody,
  type VersionContextParams,
} from '../../contract/capability-subscriptions';
import type { Environment } from '../../contract/common';
import type { PageQuery } from '../../contract/lists';
import { recordAudit } from '../audit/service';
import { countColumn, pageOf, runList } from '../db/list';
import type { Actor } from '../auth/viewer';
import type { Database, Executor, Transaction } from '../db/client';
import type { Tenant } from '../../contract/tenants';
import {
  capabilities,
  capabilitySubscriptions,
  capabilitySubscriptionVersions as versions,
} from '../db/schema';
import { badRequest, notFound } from '../errors';
import { assertRegionAllowed } from '../tenants/governance';
import { lockTenant } from '../tenants/lock';
import { schemaViolations, violationsMessage } from './configuration-schema';

function inContext(context: {
  tenantId: string;
  capabilityId?: string;
  environment: string;
  region: string;
}) {
  return and(
    eq(versions.tenantId, context.tenantId),
    context.capabilityId ? eq(versions.capabilityId, context.capabilityId) : undefined,
    eq(versions.environment, context.environment),
    eq(versions.region, context.region),
  );
}

/** The active configuration of one context; 404 when the context has none. */
export async function getActiveVersion(
  db: Executor,
  context: VersionContextParams,
): Promise<ConfigurationVersion> {
  const [active] = await db
    .select()
    .from(versions)
    .where(and(inContext(context), eq(versions.isActive, true)));
  if (!active) throw notFound('Active configuration version');
  return active;
}

/** Every active configuration of a tenant in one (environment, region): one query for the whole page. */
export async function listActiveVersions(
  db: Executor,
  context: Omit<VersionContextParams, 'capabilityId'>,
): Promise<ConfigurationVersion[]> {
  return db
    .select()
    .from(versions)
    .where(and(inContext(context), eq(versions.isActive, true)))
    .orderBy(asc(versions.capabilityId));
}

/** A context's versions, newest first. */
export async function listVersionHistory(
  db: Executor,
  context: VersionContextParams,
  query: PageQuery,
): Promise<{ items: ConfigurationVersion[]; total: number }> {
  const { limit, offset } = pageOf(query);
  // Version numbers are unique per context, so they alone order the pages stably.
  return runList({
    page: db
      .select()
      .from(versions)
      .where(inContext(context))
      .orderBy(desc(versions.version))
      .limit(limit)
      .offset(offset),
    count: db.select(countColumn).from(versions).where(inContext(context)),
    limit,
    offset,
  });
}

/** Parses configuration text (empty means {}), refusing anything that is not JSON. */
function parseConfiguration(text: string | undefined): { text: string; value: unknown } {
  const source = text?.trim() ? text : '{}';
  try {
    return { text: source, value: JSON.parse(source) };
  } catch {
    throw badRequest('Configuration must be valid JSON', [
      { path: 'body.configuration', message: 'Must be valid JSON' },
    ]);
  }
}

/**
 * The rules no peer enforces: the capability's JSON Schema and the tenant's data governance. The
 * caller holds the tenant (FOR SHARE, so its rules cannot change meanwhile); the capability is taken
 * FOR KEY SHARE here, before any subscription row, so a capability delete waits for this writer (and
 * then sees its subscription) or this writer waits for it and answers 404.
 */
async function assertVersionAllowed(
  tx: Transaction,
  tenant: Tenant,
  context: { capabilityId: string; environment: Environment; region: string },
  configuration: unknown,
  field: string,
): Promise<void> {
  const [capability] = await tx
    .select({ schema: capabilities.configurationSchema })
    .from(capabilities)
    .where(eq(capabilities.id, context.capabilityId))
    .for('key share');
  if (!capability) throw notFound('Capability');
  if (capability.schema) {
    const issues = schemaViolations(capability.schema, configuration, field);
    if (issues.length > 0) {
      throw badRequest(violationsMessage(issues), issues);
    }
  }
  assertRegionAllowed(tenant, context.environment, context.region);
}

/**
 * Serialises every change to one subscription's versions: the subscription row is stable (never the
 * row whose isActive flips), so concurrent creates queue here and number and activate one at a time.
 */
async function lockSubscription(tx: Transaction, subscriptionId: string): Promise<void> {
  await tx
    .select({ id: capabilitySubscriptions.id })
    .from(capabilitySubscriptions)
    .where(eq(capabilitySubscriptions.id, subscriptionId))
    .for('update');
}

/** Makes `id` the only active version of its context. */
async function makeOnlyActive(tx: Transaction, version: ConfigurationVersion): Promise<void> {
  await tx
    .update(versions)
    .set({ isActive: false, status: 'inactive' })
    .where(and(inContext(version), eq(versions.isActive, true), ne(versions.id, version.id)));
  await tx.update(versions).set({ isActive: true, status: 'active' }).where(eq(versions.id, version.id));
}

/**
 * Creates the next configuration version of a context and makes it the active one, creating the
 * subscription sub-{tenantId}-{capabilityId} on first use.
 */
export async function createVersion(
  db: Database,
  body: CreateVersionBody,
  actor: Actor,
): Promise<ConfigurationVersion> {
  const expectedId = subscriptionIdFor(body.tenantId, body.capabilityId);
  if (body.subscriptionId !== expectedId) {
    throw badRequest(`subscriptionId must be ${expectedId}`, [
      { path: 'body.subscriptionId', message: `Must be ${expectedId}` },
    ]);
  }
  const configuration = parseConfiguration(body.configuration);
  return db.transaction(async (tx) => {
    // Lock order: tenant, capability, subscription, versions (tenants/lock.ts).
    const tenant = await lockTenant(tx, body.tenantId, 'share');
    if (!tenant) throw notFound('Tenant');
    await assertVersionAllowed(tx, tenant, body, configuration.value, 'body.configuration');
    await tx
      .insert(capabilitySubscriptions)
      .values({
        id: expectedId,
        tenantId: body.tenantId,
        capabilityId: body.capabilityId,
        environment: body.environment,
        region: body.region,
      })
      .onConflictDoNothing({ target: capabilitySubscriptions.id });
    await lockSubscription(tx, expectedId);
    const [{ highest } = { highest: null }] = await tx
      .select({ highest: max(versions.version) })
      .from(versions)
      .where(inContext(body));
    await tx
      .update(versions)
      .set({ isActive: false, status: 'inactive' })
      .where(and(inContext(body), eq(versions.isActive, true)));
    const [created] = await tx
      .insert(versions)
      .values({
        subscriptionId: expectedId,
        tenantId: body.tenantId,
        capabilityId: body.capabilityId,
        environment: body.environment,
        region: body.region,
        version: (highest ?? 0) + 1,
        configuration: configuration.text,
        notes: body.notes ?? null,
        isActive: true,
        status: 'active',
        createdBy: actor.email,
      })
      .returning();
    if (!created) throw new Error('Insert returned no row');
    await recordAudit(tx, actor, {
      action: 'configuration_version.create',
      resourceType: 'configuration-version',
      resourceId: created.id,
      tenantId: body.tenantId,
      changes: {
        capabilityId: body.capabilityId,
        environment: body.environment,
        region: body.region,
        version: created.version,
      },
    });
    return created;
  });
}

/** Makes an existing version the active one of its context, checking the schema and governance again. */
export async function activateVersion(
  db: Database,
  versionId: string,
  actor: Actor,
): Promise<ConfigurationVersion> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(versions).where(eq(versions.id, versionId));
    if (!found) throw notFound('Configuration version');
    // Lock order: tenant, capability, subscription, versions (tenants/lock.ts). A tenant deleted
    // meanwhile took the version with it.
    const tenant = await lockTenant(tx, found.tenantId, 'share');
    if (!tenant) throw notFound('Configuration version');
    await tx
      .select({ id: capabilities.id })
      .from(capabilities)
      .where(eq(capabilities.id, found.capabilityId))
      .for('key share');
    await lockSubscription(tx, found.subscriptionId);
    const [version] = await tx.select().from(versions).where(eq(versions.id, versionId));
    if (!version) throw notFound('Configuration version');
    if (!version.isActive) {
      await assertVersionAllowed(
        tx,
        tenant,
        { ...version, environment: version.environment as Environment },
        JSON.parse(version.configuration),
        'configuration',
      );
      await makeOnlyActive(tx, version);
      await recordAudit(tx, actor, {
        action: 'configuration_version.activate',
        resourceType: 'configuration-version',
        resourceId: version.id,
        tenantId: version.tenantId,
        changes: {
          capabilityId: version.capabilityId,
          environment: version.environment,
          region: version.region,
          version: version.version,
        },
      });
    }
    return { ...version, isActive: true, status: 'active' };
  });
}
