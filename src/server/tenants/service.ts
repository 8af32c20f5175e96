import { and, asc, desc, eq, getTableColumns } from 'drizzle-orm';
import type { ListQuery } from '../../contract/common';
import type { Tenant } from '../../contract/tenants';
import type { Executor } from '../db/client';
import { containsAny, DEFAULT_LIST_LIMIT, toPage, totalCountColumn } from '../db/list';
import { tenants } from '../db/schema';
import { notFound } from '../errors';
import { inTenantScope, type TenantScope } from '../auth/viewer';

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
