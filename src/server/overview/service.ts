import { asc, desc, sql } from 'drizzle-orm';
import { OVERVIEW_RECENT_COUNT, type Overview } from '../../contract/overview';
import type { Executor } from '../db/client';
import { capabilities, tenants, webApps } from '../db/schema';

/** Every Overview figure: one aggregate query and two short lists. */
export async function getOverview(db: Executor): Promise<Overview> {
  const [[counts], recentTenants, recentWebApps] = await Promise.all([
    db.select({
      totalTenants: sql<number>`(select count(*)::int from ${tenants})`,
      activeTenants: sql<number>`(select count(*)::int from ${tenants} where ${tenants.status} = 'active')`,
      capabilities: sql<number>`(select count(*)::int from ${capabilities})`,
      availableCapabilities: sql<number>`(select count(*)::int from ${capabilities} where ${capabilities.status} = 'available')`,
      webApps: sql<number>`(select count(*)::int from ${webApps})`,
      runningWebApps: sql<number>`(select count(*)::int from ${webApps} where ${webApps.status} = 'running')`,
    }).from(sql`(values (1)) as one`),
    db.select().from(tenants).orderBy(desc(tenants.createdAt), asc(tenants.id)).limit(OVERVIEW_RECENT_COUNT),
    db.select().from(webApps).orderBy(desc(webApps.createdAt), asc(webApps.id)).limit(OVERVIEW_RECENT_COUNT),
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
