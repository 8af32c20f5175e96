import { and, eq, max, ne } from 'drizzle-orm';
import {
  NEXT_ENVIRONMENT,
  subscriptionIdFor,
  type ConfigurationVersion,
  type CreateVersionBody,
  type PromoteVersionBody,
  type VersionContextParams,
} from '../../contract/capability-subscriptions';
import type { Environment } from '../../contract/common';
import { recordAudit, recordCreated } from '../audit/service';
import type { Actor } from '../auth/viewer';
import type { Database, Transaction } from '../db/client';
import type { Tenant } from '../../contract/tenants';
import { capabilitySubscriptionVersions as versions } from '../db/schema';
import { AppError, badRequest, notFound } from '../errors';
import { assertRegionAllowed, environmentEnabled } from '../tenants/governance';
import { lockCapability, lockSubscription, lockTenant } from '../locks';
import { schemaViolations, violationsMessage } from './configuration-schema';
import { inContext, withPromotedFrom } from './versions-reads';

/** Reads of versions live in versions-reads.ts; re-exported for the modules that import them from here. */
export { getActiveVersion, listActiveVersions, listVersionHistory } from './versions-reads';

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

/** A stored configuration's value (stored configurations were checked as JSON when saved). */
const parseStored = (text: string): unknown => JSON.parse(text);

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
  const capability = await lockCapability(tx, context.capabilityId, 'key share');
  if (!capability) throw notFound('Capability');
  if (capability.configurationSchema) {
    const issues = await schemaViolations(capability.configurationSchema, configuration, field);
    if (issues.length > 0) {
      throw badRequest(violationsMessage(issues), issues);
    }
  }
  assertRegionAllowed(tenant, context.environment, context.region);
}

/** Makes `id` the only active version of its context. */
async function makeOnlyActive(tx: Transaction, version: ConfigurationVersion): Promise<void> {
  await tx
    .update(versions)
    .set({ isActive: false, status: 'inactive' })
    .where(and(inContext(version), eq(versions.isActive, true), ne(versions.id, version.id)));
  await tx.update(versions).set({ isActive: true, status: 'active' }).where(eq(versions.id, version.id));
}

/** Where a new version's configuration came from: typed or pasted, or promoted from another version. */
type Origin =
  | { action: 'configuration_version.create' }
  | { action: 'configuration_version.promote'; from: NonNullable<ConfigurationVersion['promotedFrom']> };

/** Makes a context's active version inactive, answering the highest version number it has so far. */
async function retireActiveVersion(tx: Transaction, context: VersionContextParams): Promise<number | null> {
  const [{ highest } = { highest: null }] = await tx
    .select({ highest: max(versions.version) })
    .from(versions)
    .where(inContext(context));
  await tx
    .update(versions)
    .set({ isActive: false, status: 'inactive' })
    .where(and(inContext(context), eq(versions.isActive, true)));
  return highest;
}

/**
 * Inside the caller's transaction, which holds the tenant: checks the rules, then inserts the next
 * version of a context as its only active one, creating the subscription on first use, and audits it.
 */
async function insertNextVersion(
  tx: Transaction,
  tenant: Tenant,
  context: VersionContextParams,
  configuration: { text: string; value: unknown },
  field: string,
  extra: { notes: string | null; origin: Origin },
  actor: Actor,
): Promise<ConfigurationVersion> {
  const subscriptionId = subscriptionIdFor(context.tenantId, context.capabilityId);
  // Lock order (locks.ts): tenant (held), capability, subscription, versions.
  await assertVersionAllowed(tx, tenant, context, configuration.value, field);
  await lockSubscription(tx, subscriptionId, {
    tenantId: context.tenantId,
    capabilityId: context.capabilityId,
    environment: context.environment,
    region: context.region,
  });
  const highest = await retireActiveVersion(tx, context);
  const promotedFrom = extra.origin.action === 'configuration_version.promote' ? extra.origin.from : null;
  const inserted = await tx
    .insert(versions)
    .values({
      subscriptionId,
      tenantId: context.tenantId,
      capabilityId: context.capabilityId,
      environment: context.environment,
      region: context.region,
      version: (highest ?? 0) + 1,
      configuration: configuration.text,
      notes: extra.notes,
      isActive: true,
      status: 'active',
      createdBy: actor.email,
      promotedFromVersionId: promotedFrom?.versionId ?? null,
    })
    .returning();
  const created = await recordCreated(tx, actor, inserted, {
    action: extra.origin.action,
    resourceType: 'configuration-version',
    tenantId: context.tenantId,
    changes: (row) => ({
      ...contextChanges(context, row.version),
      ...(promotedFrom ? { promotedFrom } : {}),
    }),
  });
  const { promotedFromVersionId: _link, ...row } = created;
  return { ...row, promotedFrom };
}

/** What a version's audit event says of it: its context and number. */
const contextChanges = (
  context: { capabilityId: string; environment: Environment; region: string },
  version: number,
) => ({
  capabilityId: context.capabilityId,
  environment: context.environment,
  region: context.region,
  version,
});

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
    const tenant = await lockTenant(tx, body.tenantId, 'share');
    if (!tenant) throw notFound('Tenant');
    return insertNextVersion(
      tx,
      tenant,
      body,
      configuration,
      'body.configuration',
      { notes: body.notes ?? null, origin: { action: 'configuration_version.create' } },
      actor,
    );
  });
}

/** A version is promoted one environment on: development to uat, uat to production. */
function assertNextEnvironment(from: Environment, target: Environment): void {
  const next = NEXT_ENVIRONMENT[from];
  if (target === next) return;
  const message = next
    ? `A ${from} version can only be promoted to ${next}`
    : 'A production version cannot be promoted further';
  throw badRequest(message, [{ path: 'body.targetEnvironment', message }]);
}

/** Governance first, for every region, so each refusal names the field it concerns. */
function assertRegionsAllowed(tenant: Tenant, environment: Environment, regions: string[]): void {
  regions.forEach((region, i) => {
    try {
      assertRegionAllowed(tenant, environment, region);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const path = environmentEnabled(tenant, environment)
        ? `body.targetRegions.${i}`
        : 'body.targetEnvironment';
      throw new AppError(error.code, error.message, [{ path, message: error.message }]);
    }
  });
}

/**
 * Promotes a version's configuration to the next environment (development to uat, uat to production):
 * in each target region it becomes the next version and the active one, linked to its source. Every
 * region is checked and written in one transaction, so a refusal in any region writes nothing.
 */
export async function promoteVersion(
  db: Database,
  versionId: string,
  body: PromoteVersionBody,
  actor: Actor,
): Promise<ConfigurationVersion[]> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(versions).where(eq(versions.id, versionId));
    if (!found) throw notFound('Configuration version');
    assertNextEnvironment(found.environment, body.targetEnvironment);
    // Lock order: tenant, capability, subscription, versions (locks.ts); one subscription
    // serves every region, so the regions queue behind one lock in the order given.
    const tenant = await lockTenant(tx, found.tenantId, 'share');
    if (!tenant) throw notFound('Configuration version');
    const regions = [...new Set(body.targetRegions)];
    assertRegionsAllowed(tenant, body.targetEnvironment, regions);
    const from = {
      versionId: found.id,
      environment: found.environment,
      region: found.region,
      version: found.version,
    };
    const configuration = { text: found.configuration, value: parseStored(found.configuration) };
    const created: ConfigurationVersion[] = [];
    for (const region of regions) {
      created.push(
        await insertNextVersion(
          tx,
          tenant,
          {
            tenantId: found.tenantId,
            capabilityId: found.capabilityId,
            environment: body.targetEnvironment,
            region: region,
          },
          configuration,
          'configuration',
          {
            notes: body.notes ?? null,
            origin: { action: 'configuration_version.promote', from },
          },
          actor,
        ),
      );
    }
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
    // Lock order: tenant, capability, subscription, versions (locks.ts). A tenant deleted
    // meanwhile took the version with it.
    const tenant = await lockTenant(tx, found.tenantId, 'share');
    if (!tenant) throw notFound('Configuration version');
    await lockCapability(tx, found.capabilityId, 'key share');
    await lockSubscription(tx, found.subscriptionId);
    const [version] = await tx.select().from(versions).where(eq(versions.id, versionId));
    if (!version) throw notFound('Configuration version');
    if (!version.isActive) {
      await assertVersionAllowed(tx, tenant, version, JSON.parse(version.configuration), 'configuration');
      await makeOnlyActive(tx, version);
      await recordAudit(tx, actor, {
        action: 'configuration_version.activate',
        resourceType: 'configuration-version',
        resourceId: version.id,
        tenantId: version.tenantId,
        changes: contextChanges(version, version.version),
      });
    }
    const [shaped] = await withPromotedFrom(tx, [{ ...version, isActive: true, status: 'active' }]);
    if (!shaped) throw new Error('Shaping returned no row');
    return shaped;
  });
}
