import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { inTenantScope, type TenantScope } from '../auth/viewer';
import { OVERVIEW_RECENT_COUNT, type Overview } from '../../contract/overview';
import type { Executor } from '../db/client';
import { capabilities, tenants, webApps } from '../db/schema';

/** Every Overview figure: one aggregate query and two short lists. */
export async function getOverview(db: Executor, scope: TenantScope): Promise<Overview> {
  const tenantsInScope = inTenantScope(tenants.id, scope);
  const appsInScope = inTenantScope(webApps.tenantId, scope);
  const countOf = (table: typeof tenants | typeof webApps | typeof capabilities, where?: SQL) =>
    sql<number>`(select count(*)::int from ${table}${where ? sql` where ${where}` : sql``})`;
  const [[counts], recentTenants, recentWebApps] = await Promise.all([
    db
      .select({
        totalTenants: countOf(tenants, tenantsInScope),
        activeTenants: countOf(tenants, and(tenantsInScope, eq(tenants.status, 'active'))),
        capabilities: countOf(capabilities),
        availableCapabilities: countOf(capabilities, eq(capabilities.status, 'available')),
        webApps: countOf(webApps, appsInScope),
        runningWebApps: countOf(webApps, and(appsInScope, eq(webApps.status, 'running'))),
      })
      .from(sql`(values (1)) as one`),
    db
      .select()
      .from(tenants)
      .where(tenantsInScope)
      .orderBy(desc(tenants.createdAt), asc(tenants.id))
      .limit(OVERVIEW_RECENT_COUNT),
    db
      .select()
      .from(webApps)
      .where(appsInScope)
      .orderBy(desc(webApps.createdAt), asc(webApps.id))
      .limit(OVERVIEW_RECENT_COUNT),
  ]);
  if (!counts) throw new Error('Overview aggregate returned no row');
  return {
    totalTenants: counts.totalTenants,
    capabilities: counts.capabilities,
    webApps: counts.webApps,
    activeResources: counts.activeTenants + counts.availableCapabilities + counts.runningWebApps,
    recentTenants,
    recentWebApps,
  };
}
