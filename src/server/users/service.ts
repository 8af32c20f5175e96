import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import type { ListQuery } from '../../contract/common';
import type { User, UserProfile } from '../../contract/users';
import type { Executor } from '../db/client';
import { containsAny, DEFAULT_LIST_LIMIT, toPage, totalCountColumn } from '../db/list';
import { userProfiles, users } from '../db/schema';

/** Users by name, searched by name or email. */
export async function listUsers(db: Executor, query: ListQuery): Promise<{ items: User[]; total: number }> {
  const rows = await db
    .select({ ...getTableColumns(users), totalCount: totalCountColumn })
    .from(users)
    .where(and(containsAny(query.q, [users.name, users.email]), query.status ? eq(users.status, query.status) : undefined))
    .orderBy(asc(users.name), asc(users.id))
    .limit(query.limit ?? DEFAULT_LIST_LIMIT)
    .offset(query.offset ?? 0);
  return toPage(rows);
}

export async function listUserProfiles(db: Executor, filter: { userId?: string; tenantId?: string }): Promise<UserProfile[]> {
  return db
    .select()
    .from(userProfiles)
    .where(
      and(
        filter.userId ? eq(userProfiles.userId, filter.userId) : undefined,
        filter.tenantId ? eq(userProfiles.tenantId, filter.tenantId) : undefined,
      ),
    )
    .orderBy(asc(userProfiles.createdAt), asc(userProfiles.id));
}
