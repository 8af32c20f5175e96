import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import type { Capability } from '../../contract/capabilities';
import type { ListQuery } from '../../contract/common';
import type { Executor } from '../db/client';
import { containsAny, DEFAULT_LIST_LIMIT, toPage, totalCountColumn } from '../db/list';
import { capabilities } from '../db/schema';
import { notFound } from '../errors';

/** The capability catalogue, searched by name, description or category. */
export async function listCapabilities(db: Executor, query: ListQuery): Promise<{ items: Capability[]; total: number }> {
  const rows = await db
    .select({ ...getTableColumns(capabilities), totalCount: totalCountColumn })
    .from(capabilities)
    .where(
      and(
        containsAny(query.q, [capabilities.name, capabilities.description, capabilities.category]),
        query.status ? eq(capabilities.status, query.status) : undefined,
      ),
    )
    .orderBy(asc(capabilities.id))
    .limit(query.limit ?? DEFAULT_LIST_LIMIT)
    .offset(query.offset ?? 0);
  return toPage(rows);
}

export async function getCapability(db: Executor, id: string): Promise<Capability> {
  const [capability] = await db.select().from(capabilities).where(eq(capabilities.id, id));
  if (!capability) throw notFound('Capability');
  return capability;
}
