import { and, asc, desc, eq, getTableColumns } from 'drizzle-orm';
import type { ListQuery } from '../../contract/common';
import type { WebApp } from '../../contract/web-apps';
import type { Executor } from '../db/client';
import { containsAny, DEFAULT_LIST_LIMIT, toPage, totalCountColumn } from '../db/list';
import { webApps } from '../db/schema';
import { notFound } from '../errors';
import { inTenantScope, type TenantScope } from '../auth/viewer';

/** Web apps, newest first, searched by name, description or technology. */
export async function listWebApps(
  db: Executor,
  scope: TenantScope,
  query: ListQuery & { tenantId?: string },
): Promise<{ items: WebApp[]; total: number }> {
  const rows = await db
    .select({ ...getTableColumns(webApps), totalCount: totalCountColumn })
    .from(webApps)
    .where(
      and(
        inTenantScope(webApps.tenantId, scope),
        containsAny(query.q, [webApps.name, webApps.description, webApps.technology]),
        query.status ? eq(webApps.status, query.status) : undefined,
        query.tenantId ? eq(webApps.tenantId, query.tenantId) : undefined,
      ),
    )
    .orderBy(desc(webApps.createdAt), asc(webApps.id))
    .limit(query.limit ?? DEFAULT_LIST_LIMIT)
    .offset(query.offset ?? 0);
  return toPage(rows);
}

export async function getWebApp(db: Executor, id: string): Promise<WebApp> {
  const [found] = await db.select().from(webApps).where(eq(webApps.id, id));
  if (!found) throw notFound('Web app');
  return found;
}
