import { eq } from 'drizzle-orm';
import type { Tenant } from '../../contract/tenants';
import type { Transaction } from '../db/client';
import { tenants } from '../db/schema';

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
 * Locks the tenant row before anything the tenant owns, so every transaction takes its locks in one
 * order (tenant, then capability, subscription, versions or the other children) and a delete racing
 * writers queues instead of deadlocking. Answers the row, or undefined when the tenant is gone: under
 * READ COMMITTED a lock that waited for a delete comes back empty, and the caller answers 404.
 */
export async function lockTenant(
  tx: Transaction,
  tenantId: string,
  mode: TenantLockMode,
): Promise<Tenant | undefined> {
  const [tenant] = await tx.select().from(tenants).where(eq(tenants.id, tenantId)).for(mode);
  return tenant;
}
