import { and, count, eq, getTableColumns } from 'drizzle-orm';
import type { Option, OptionsQuery, TenantListQuery } from '../../contract/lists';
import type { EnvironmentRegionPolicy, Tenant, TenantInput, TenantPatch } from '../../contract/tenants';
import { changedFields } from '../audit/changes';
import { recordAudit } from '../audit/service';
import type { Database, Executor } from '../db/client';
import { containsAny, listOf, type ListPage } from '../db/list';
import { runOptions } from '../db/options';
import { tablePageQueries } from '../table-pages';
import { capabilitySubscriptions, tenants, userProfiles, webAppMeshes, webApps } from '../db/schema';
import type { TenantChildTable } from '../locks';
import { deleteRevisioned, readRevisioned, revisionedRows, updateRevisioned } from '../revisioned-rows';
import type { ExpectedRevision } from '../revisions';
import { inTenantScope, type Actor, type TenantScope } from '../auth/viewer';
import {
  checkAllowedRegions,
  jsonTextOrNull,
  parsePolicies,
  resolvePolicies,
  storedPolicies,
  wideningConflict,
  wideningsOf,
} from './governance';
import { checkGatewayHosts } from './gateway-hosts';

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
  return tablePageQueries(db, tenants, where, query, {
    fallback: '-createdAt',
    columns: tenantSortColumns,
    id: tenants.id,
  });
}

/** Tenants, newest first unless sorted, searched by name or owner. */
export const listTenants = listOf(tenantListQueries);

/** The tenant picker: tenants in scope by name, detail = status. */
export function tenantOptions(
  db: Executor,
  scope: TenantScope,
  query: OptionsQuery,
): Promise<ListPage<Option>> {
  const { id, name: label, status: detail } = tenants;
  return runOptions(
    db,
    { table: tenants, id, label, detail, within: inTenantScope(tenants.id, scope) },
    query,
  );
}

/** Tenants as revisioned writes see them (the tenant row is the lock every child writer takes first). */
const tenantRows = revisionedRows(tenants, getTableColumns(tenants), {
  label: 'Tenant',
  resourceType: 'tenant',
  tenantOf: (row) => row.id,
});

export async function getTenant(db: Executor, id: string): Promise<Tenant> {
  return readRevisioned(db, tenantRows, id);
}

const JSON_TEXT_FIELDS = [
  'idpConfiguration',
  'authConfiguration',
  'apiGatewayConfiguration',
  'policyServerConfiguration',
] as const;

/** Validates JSON-text fields and region lists of a create or patch; answers the input with the values to store. */
function checkedFields<T extends TenantPatch>(input: T): T {
  const checked: TenantPatch = {};
  for (const field of JSON_TEXT_FIELDS) {
    const value = jsonTextOrNull(input[field], field);
    if (value !== undefined) checked[field] = value;
  }
  const regions = checkAllowedRegions(input.allowedRegions);
  if (regions !== undefined) checked.allowedRegions = regions;
  return { ...input, ...checked };
}

/** The overrides a create or patch sent: undefined when it sent none, [] for null or empty text. */
function sentPolicies(text: string | null | undefined): EnvironmentRegionPolicy[] | undefined {
  if (text === undefined) return undefined;
  return text === null || text.trim() === '' ? [] : parsePolicies(text);
}

const serialise = (policies: EnvironmentRegionPolicy[]) =>
  policies.length > 0 ? JSON.stringify(policies) : null;

export async function createTenant(db: Database, input: TenantInput, actor: Actor): Promise<Tenant> {
  const fields = checkedFields(input);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(tenants)
      .values({ ...fields, environmentRegionPolicies: null })
      .returning();
    if (!created) throw new Error('Insert returned no row');
    await checkGatewayHosts(tx, created.id, fields.apiGatewayConfiguration);
    const policies = serialise(resolvePolicies([], sentPolicies(input.environmentRegionPolicies), created));
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
 * Edits any subset of a tenant's fields. Region overrides follow the allowed regions (cut to them) and
 * survive an environment being disabled; a change that would let an environment accept a region it
 * refuses today is a 409 unless the patch says confirmWidening (docs/governance.md).
 * With an expected revision (If-Match), a tenant someone else changed meanwhile is refused (412).
 */
export async function updateTenant(
  db: Database,
  id: string,
  { confirmWidening = false, ...patch }: TenantPatch,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
  /** Runs on the locked row before anything is written; may refuse (changes/production-guards.ts). */
  beforeWrite?: (before: Tenant, fields: TenantPatch) => void,
): Promise<Tenant> {
  const fields = checkedFields(patch);
  // FOR UPDATE: waits for child writers (which hold FOR SHARE while they check governance), so no
  // configuration version is created against the rules this change replaces.
  return db.transaction((tx) =>
    updateRevisioned(tx, tenantRows, id, expectedRevision, actor, async (before) => {
      beforeWrite?.(before, fields);
      await checkGatewayHosts(tx, id, fields.apiGatewayConfiguration);
      const merged: Tenant = { ...before, ...fields };
      const sent = sentPolicies(fields.environmentRegionPolicies);
      const stored = storedPolicies(before.environmentRegionPolicies);
      const policies = resolvePolicies(stored, sent, merged);
      const widenings = wideningsOf(
        { ...before, policies: stored },
        { ...merged, policies },
        sent !== undefined,
      );
      if (widenings.length > 0 && !confirmWidening) throw wideningConflict(widenings);
      return {
        set: { ...fields, environmentRegionPolicies: serialise(policies) },
        changes: (after) => {
          const changed = changedFields(before, after);
          return widenings.length > 0 ? { ...changed, confirmedWidening: widenings } : changed;
        },
      };
    }),
  );
}

/** Deletes a tenant with its web apps, profiles, subscriptions (and versions) and meshes, in one transaction. */
export async function deleteTenant(
  db: Database,
  id: string,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<{ webApps: number; profiles: number; subscriptions: number; meshes: number }> {
  // The tenant row first, as every child writer takes it first (locks.ts): this waits for the writers
  // in flight, and the ones that come after find the tenant gone (404). The cascade below then meets
  // no child row another transaction holds, so there is no lock cycle to deadlock on.
  return db.transaction(async (tx) => {
    const { removed } = await deleteRevisioned(
      tx,
      tenantRows,
      id,
      expectedRevision,
      actor,
      async (before) => {
        const countIn = async (table: TenantChildTable) => {
          const [row] = await tx.select({ n: count() }).from(table).where(eq(table.tenantId, id));
          return row?.n ?? 0;
        };
        const removed = {
          webApps: await countIn(webApps),
          profiles: await countIn(userProfiles),
          subscriptions: await countIn(capabilitySubscriptions),
          meshes: await countIn(webAppMeshes),
        };
        return { before, removed };
      },
    );
    return removed;
  });
}
