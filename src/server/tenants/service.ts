import { and, asc, count, eq } from 'drizzle-orm';
import type { Option, OptionsQuery, TenantListQuery } from '../../contract/lists';
import type { Tenant, TenantInput, TenantPatch } from '../../contract/tenants';
import { recordAudit } from '../audit/service';
import type { Database, Executor } from '../db/client';
import {
  containsAny,
  countColumn,
  idsIn,
  mergeOptions,
  optionsLimit,
  orderByFor,
  pageOf,
  runList,
} from '../db/list';
import { capabilitySubscriptions, tenants, userProfiles, webAppMeshes, webApps } from '../db/schema';
import { notFound } from '../errors';
import { inTenantScope, type Actor, type TenantScope } from '../auth/viewer';
import {
  checkAllowedRegions,
  jsonTextOrNull,
  normalisePolicies,
  parsePolicies,
  storedPolicies,
} from './governance';

const tenantSortColumns = {
  name: tenants.name,
  status: tenants.status,
  owner: tenants.owner,
  createdAt: tenants.createdAt,
};

/** The statements of one tenants page (exported so the EXPLAIN test checks the SQL the list runs). */
export function tenantListQueries(db: Executor, scope: TenantScope, query: TenantListQuery) {
  const where = and(
    inTenantScope(tenants.id, scope),
    containsAny(query.q, [tenants.name, tenants.owner]),
    query.status ? eq(tenants.status, query.status) : undefined,
  );
  const { limit, offset } = pageOf(query);
  return {
    page: db
      .select()
      .from(tenants)
      .where(where)
      .orderBy(...orderByFor(query.sort, '-createdAt', tenantSortColumns, tenants.id))
      .limit(limit)
      .offset(offset),
    count: db.select(countColumn).from(tenants).where(where),
    limit,
    offset,
  };
}

/** Tenants, newest first unless sorted, searched by name or owner. */
export async function listTenants(
  db: Executor,
  scope: TenantScope,
  query: TenantListQuery,
): Promise<{ items: Tenant[]; total: number }> {
  return runList(tenantListQueries(db, scope, query));
}

/** The tenant picker: tenants in scope by name, detail = status. */
export async function tenantOptions(
  db: Executor,
  scope: TenantScope,
  query: OptionsQuery,
): Promise<{ items: Option[]; total: number }> {
  const columns = { id: tenants.id, label: tenants.name, detail: tenants.status };
  const where = and(inTenantScope(tenants.id, scope), containsAny(query.q, [tenants.name]));
  const selectedIds = idsIn(tenants.id, query.ids);
  const [matches, [total], selected] = await Promise.all([
    db
      .select(columns)
      .from(tenants)
      .where(where)
      .orderBy(asc(tenants.name), asc(tenants.id))
      .limit(optionsLimit(query.limit)),
    db.select(countColumn).from(tenants).where(where),
    selectedIds
      ? db
          .select(columns)
          .from(tenants)
          .where(and(inTenantScope(tenants.id, scope), selectedIds))
          .orderBy(asc(tenants.name), asc(tenants.id))
      : [],
  ]);
  return { items: mergeOptions(matches, selected), total: total?.n ?? 0 };
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

/** Edits any subset of a tenant's fields; region overrides follow the regions and environments. */
export async function updateTenant(
  db: Database,
  id: string,
  patch: TenantPatch,
  actor: Actor,
): Promise<Tenant> {
  const fields = checkedFields(patch);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(tenants).where(eq(tenants.id, id)).for('update');
    if (!before) throw notFound('Tenant');
    const merged: Tenant = { ...before, ...fields } as Tenant;
    const environmentRegionPolicies = withPolicies(merged, fields.environmentRegionPolicies);
    const [after] = await tx
      .update(tenants)
      .set({ ...fields, environmentRegionPolicies })
      .where(eq(tenants.id, id))
      .returning();
    if (!after) throw notFound('Tenant');
    const changed = Object.fromEntries(
      (Object.keys(after) as (keyof Tenant)[])
        .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
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
): Promise<{ webApps: number; profiles: number; subscriptions: number; meshes: number }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(tenants).where(eq(tenants.id, id)).for('update');
    if (!before) throw notFound('Tenant');
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
