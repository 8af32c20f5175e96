import { and, asc, count, desc, eq, getTableColumns } from 'drizzle-orm';
import type { ListQuery } from '../../contract/common';
import type { Tenant, TenantInput, TenantPatch } from '../../contract/tenants';
import { recordAudit } from '../audit/service';
import type { Database, Executor } from '../db/client';
import { containsAny, DEFAULT_LIST_LIMIT, toPage, totalCountColumn } from '../db/list';
import { capabilitySubscriptions, tenants, userProfiles, webAppMeshes, webApps } from '../db/schema';
import { notFound } from '../errors';
import { assertRevision, nextRevision } from '../revisions';
import { inTenantScope, type Actor, type TenantScope } from '../auth/viewer';
import {
  checkAllowedRegions,
  jsonTextOrNull,
  normalisePolicies,
  parsePolicies,
  storedPolicies,
} from './governance';

/** Tenants, newest first, searched by name or owner. */
export async function listTenants(
  db: Executor,
  scope: TenantScope,
  query: ListQuery,
): Promise<{ items: Tenant[]; total: number }> {
  const rows = await db
    .select({ ...getTableColumns(tenants), totalCount: totalCountColumn })
    .from(tenants)
    .where(
      and(
        inTenantScope(tenants.id, scope),
        containsAny(query.q, [tenants.name, tenants.owner]),
        query.status ? eq(tenants.status, query.status) : undefined,
      ),
    )
    .orderBy(desc(tenants.createdAt), asc(tenants.id))
    .limit(query.limit ?? DEFAULT_LIST_LIMIT)
    .offset(query.offset ?? 0);
  return toPage(rows);
}

export async function getTenant(db: Executor, id: string): Promise<Tenant> {
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, id));
  if (!tenant) throw notFound('Tenant');
  return tenant;
}

const JSON_TEXT_FIELDS = [
  'idpConfiguration',
  'authConfiguration',
  'apiGatewayConfiguration',
  'policyServerConfiguration',
] as const;

/** Validates JSON-text fields and region lists of a create or patch; answers the values to store. */
function checkedFields<T extends TenantPatch>(input: T): T {
  const out: TenantPatch = { ...input };
  for (const field of JSON_TEXT_FIELDS) {
    const value = jsonTextOrNull(input[field], field);
    if (value !== undefined) out[field] = value;
  }
  const regions = checkAllowedRegions(input.allowedRegions);
  if (regions !== undefined) out.allowedRegions = regions;
  return out as T;
}

/** Keeps the overrides consistent with the tenant's environments and regions after a change. */
function withPolicies(after: Tenant, sentPolicies: string | null | undefined): string | null {
  const sent =
    sentPolicies === undefined
      ? undefined
      : sentPolicies === null || sentPolicies.trim() === ''
        ? []
        : parsePolicies(sentPolicies);
  return normalisePolicies(
    sent ?? storedPolicies(after.environmentRegionPolicies),
    after,
    sent !== undefined,
  );
}

export async function createTenant(db: Database, input: TenantInput, actor: Actor): Promise<Tenant> {
  const fields = checkedFields(input);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(tenants)
      .values({ ...fields, environmentRegionPolicies: null })
      .returning();
    if (!created) throw new Error('Insert returned no row');
    const policies = withPolicies(created, input.environmentRegionPolicies);
    const [tenant] = policies
      ? await tx
          .update(tenants)
          .set({ environmentRegionPolicies: policies })
          .where(eq(tenants.id, created.id))
          .returning()
      : [created];
    if (!tenant) throw new Error('Update returned no row');
    await recordAudit(tx, actor, {
      action: 'tenant.create',
      resourceType: 'tenant',
      resourceId: tenant.id,
      tenantId: tenant.id,
      changes: { after: fields },
    });
    return tenant;
  });
}

/**
 * Edits any subset of a tenant's fields; region overrides follow the regions and environments.
 * With an expected revision (If-Match), a tenant someone else changed meanwhile is refused (412).
 */
export async function updateTenant(
  db: Database,
  id: string,
  patch: TenantPatch,
  actor: Actor,
  expectedRevision?: number,
): Promise<Tenant> {
  const fields = checkedFields(patch);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(tenants).where(eq(tenants.id, id)).for('update');
    if (!before) throw notFound('Tenant');
    assertRevision(before, expectedRevision, 'The tenant');
    const merged: Tenant = { ...before, ...fields } as Tenant;
    const environmentRegionPolicies = withPolicies(merged, fields.environmentRegionPolicies);
    const [after] = await tx
      .update(tenants)
      .set({ ...fields, environmentRegionPolicies, revision: nextRevision(tenants.revision) })
      .where(eq(tenants.id, id))
      .returning();
    if (!after) throw notFound('Tenant');
    const changed = Object.fromEntries(
      (Object.keys(after) as (keyof Tenant)[])
        .filter((key) => key !== 'revision' && JSON.stringify(before[key]) !== JSON.stringify(after[key]))
        .map((key) => [key, { from: before[key], to: after[key] }]),
    );
    await recordAudit(tx, actor, {
      action: 'tenant.update',
      resourceType: 'tenant',
      resourceId: id,
      tenantId: id,
      changes: changed,
    });
    return after;
  });
}

/** Deletes a tenant with its web apps, profiles, subscriptions (and versions) and meshes, in one transaction. */
export async function deleteTenant(
  db: Database,
  id: string,
  actor: Actor,
  expectedRevision?: number,
): Promise<{ webApps: number; profiles: number; subscriptions: number; meshes: number }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(tenants).where(eq(tenants.id, id)).for('update');
    if (!before) throw notFound('Tenant');
    assertRevision(before, expectedRevision, 'The tenant');
    const countIn = async (
      table: typeof webApps | typeof userProfiles | typeof capabilitySubscriptions | typeof webAppMeshes,
    ) => {
      const [row] = await tx.select({ n: count() }).from(table).where(eq(table.tenantId, id));
      return row?.n ?? 0;
    };
    const removed = {
      webApps: await countIn(webApps),
      profiles: await countIn(userProfiles),
      subscriptions: await countIn(capabilitySubscriptions),
      meshes: await countIn(webAppMeshes),
    };
    await tx.delete(tenants).where(eq(tenants.id, id));
    await recordAudit(tx, actor, {
      action: 'tenant.delete',
      resourceType: 'tenant',
      resourceId: id,
      tenantId: id,
      changes: { before, removed },
    });
    return removed;
  });
}
