import { eq, sql, type ColumnBaseConfig } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Capability } from '../contract/capabilities';
import type { Tenant } from '../contract/tenants';
import type { Transaction } from './db/client';
import { capabilities, capabilitySubscriptions, tenants } from './db/schema';
import { notFound } from './errors';

/**
 * The one lock order (docs/concurrency.md, "Lock order"). A transaction takes row locks in this order and
 * never backwards, so a delete racing writers queues instead of deadlocking:
 *
 *   1. the tenant row                  lockTenant, lockTenantOf
 *   2. the capability row              lockCapability
 *   3. the subscription row            lockSubscription
 *   4. the rows written                lockRevisioned (revisioned-rows.ts), or the versions themselves
 *
 * Advisory locks each serialise one rule (ADVISORY_LOCKS) and are held to commit; one that guards a
 * whole set of rows (ids, administrators) comes before any row of that set.
 */

/**
 * How a transaction holds a tenant row (docs/governance.md, docs/decisions/003):
 * - `update`: the tenant itself changes or goes (edit, delete, blue-green). Waits for every child writer.
 * - `share`: a child writer that reads the tenant's rules (configuration versions read data governance),
 *   so the rules cannot change under it; writers of one tenant do not wait for each other here.
 * - `no key update`: a child writer whose rule spans the tenant's other children (no two active gateway
 *   routes share a path and method; no two active policies a package), so writers of one tenant queue
 *   here and each checks what the previous one committed; writers that hold `key share` do not wait.
 * - `key share`: a child writer that only needs the tenant to exist (web apps, profiles, meshes).
 */
export type TenantLockMode = 'update' | 'no key update' | 'share' | 'key share';

/**
 * 1. Locks the tenant row before anything the tenant owns. Answers the row, or undefined when the tenant
 * is gone: under READ COMMITTED a lock that waited for a delete comes back empty, and the caller answers 404.
 */
export async function lockTenant(
  tx: Transaction,
  tenantId: string,
  mode: TenantLockMode,
): Promise<Tenant | undefined> {
  const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).for(mode);
  return tenant;
}

type TextColumn = PgColumn<ColumnBaseConfig<'string', string> & { data: string; notNull: true }>;

/** A table of rows a tenant owns. */
export type TenantChildTable = PgTable & { id: TextColumn; tenantId: TextColumn };

/**
 * 1. For a write to a row a tenant owns (web app, profile, mesh): reads the row's tenant and locks it
 * `FOR KEY SHARE` (the tenant cannot go meanwhile; other tenant writers are not blocked). A row or
 * tenant gone meanwhile is a 404 naming `label`.
 */
export async function lockTenantOf(
  tx: Transaction,
  table: TenantChildTable,
  id: string,
  label: string,
): Promise<void> {
  const [found] = await tx.select({ tenantId: table.tenantId }).from(table).where(eq(table.id, id));
  if (!found || !(await lockTenant(tx, found.tenantId, 'key share'))) throw notFound(label);
}

/**
 * 2. Locks a capability row: `update` to change or delete it, `key share` for a configuration-version
 * writer, so that a capability delete either waits for it (and sees its subscription) or makes it wait
 * and answer 404. Answers the row, or undefined when the capability is gone.
 */
export async function lockCapability(
  tx: Transaction,
  capabilityId: string,
  mode: 'update' | 'key share',
): Promise<Capability | undefined> {
  const [capability] = await tx
    .select()
    .from(capabilities)
    .where(eq(capabilities.id, capabilityId))
    .for(mode);
  return capability;
}

/**
 * 3. Serialises every change to one subscription's versions: the subscription row is stable (never the
 * row whose isActive flips), so concurrent writers queue here and number and activate one at a time.
 * With `create`, the subscription is first created when it does not exist yet (its first version).
 */
export async function lockSubscription(
  tx: Transaction,
  subscriptionId: string,
  create?: Omit<typeof capabilitySubscriptions.$inferInsert, 'id'>,
): Promise<void> {
  if (create) {
    await tx
      .insert(capabilitySubscriptions)
      .values({ ...create, id: subscriptionId })
      .onConflictDoNothing({ target: capabilitySubscriptions.id });
  }
  await tx
    .select({ id: capabilitySubscriptions.id })
    .from(capabilitySubscriptions)
    .where(eq(capabilitySubscriptions.id, subscriptionId))
    .for('update');
}

/** The advisory locks of the services: one key per rule they serialise (gateway and changes own theirs). */
export const ADVISORY_LOCKS = {
  /** Two registrations at once never pick the same api-NNN. */
  capabilityIds: 727_003,
  /** No two changes at once leave no active administrator (two admins demoting each other). */
  activeAdministrators: 727_041,
  /** No two tenants claim one gateway host (they lock different tenant rows). */
  gatewayHosts: 727_061,
  /**
   * Change requests applying at once to the same kind of resource in the same tenant take turns, so the
   * second checks its freshness on what the first left (docs/releases.md); keyed by name below.
   */
  changeTargets: 727_081,
  /**
   * A family keyed by table name: every statement writing a landmarked table holds it shared (migration
   * 0024's trigger, which spells the number out), and landmarks are read holding it exclusively (db/landmarks.ts).
   */
  listGeneration: 727_121,
} as const;

/** Takes one of a family of transaction-scoped advisory locks, the member named by `name`. */
export async function advisoryLockOn(tx: Transaction, family: number, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${family}::int, hashtext(${name}))`);
}

/** Takes a transaction-scoped advisory lock (released at commit or rollback). */
export async function advisoryLock(tx: Transaction, key: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${key})`);
}
