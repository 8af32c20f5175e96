import { and, asc, eq, getTableColumns, inArray, or } from 'drizzle-orm';
import { inTenantScope, type TenantScope, type Viewer } from '../auth/viewer';
import type { ListQuery } from '../../contract/common';
import type { User, UserProfile } from '../../contract/users';
import type { Executor } from '../db/client';
import { containsAny, DEFAULT_LIST_LIMIT, toPage, totalCountColumn } from '../db/list';
import { userProfiles, users } from '../db/schema';

/** Every column but the password hash, which never leaves the server. */
const { passwordHash: _hash, ...publicUserColumns } = getTableColumns(users);

/** Users by name, searched by name or email. */
export async function listUsers(db: Executor, viewer: Viewer, query: ListQuery): Promise<{ items: User[]; total: number }> {
  // Non-admins see themselves and the people who share a tenant with them.
  const visible = viewer.isAdmin
    ? undefined
    : or(
        eq(users.id, viewer.user.id),
        inArray(users.id, db.select({ id: userProfiles.userId }).from(userProfiles).where(inTenantScope(userProfiles.tenantId, { all: false, tenantIds: [...viewer.roles.keys()] }))),
      );
  const rows = await db
    .select({ ...publicUserColumns, totalCount: totalCountColumn })
    .from(users)
    .where(and(visible, containsAny(query.q, [users.name, users.email]), query.status ? eq(users.status, query.status) : undefined))
    .orderBy(asc(users.name), asc(users.id))
    .limit(query.limit ?? DEFAULT_LIST_LIMIT)
    .offset(query.offset ?? 0);
  return toPage(rows);
}

export async function listUserProfiles(
  db: Executor,
  scope: TenantScope,
  filter: { userId?: string; tenantId?: string },
): Promise<UserProfile[]> {
  return db
    .select()
    .from(userProfiles)
    .where(
      and(
        inTenantScope(userProfiles.tenantId, scope),
        filter.userId ? eq(userProfiles.userId, filter.userId) : undefined,
        filter.tenantId ? eq(userProfiles.tenantId, filter.tenantId) : undefined,
      ),
    )
    .orderBy(asc(userProfiles.createdAt), asc(userProfiles.id));
}
