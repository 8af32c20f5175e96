import { and, count, eq, getTableColumns, inArray, ne, or, sql } from 'drizzle-orm';
import { inTenantScope, type Actor, type TenantScope, type Viewer } from '../auth/viewer';
import type { UserListQuery, UserProfileListQuery } from '../../contract/lists';
import {
  DUPLICATE_EMAIL_MESSAGE,
  DUPLICATE_PROFILE_MESSAGE,
  type User,
  type UserInput,
  type UserPatch,
  type UserProfile,
  type UserProfileInput,
  type UserProfilePatch,
  userProfileSchema,
} from '../../contract/users';
import { changedFields } from '../audit/changes';
import { lastDeletedRow, recordAudit } from '../audit/service';
import { hashPassword } from '../auth/passwords';
import { deleteUserSessions } from '../auth/sessions';
import type { Database, Executor, Transaction } from '../db/client';
import { lockTenant } from '../tenants/lock';
import { containsAny, countColumn, orderByFor, pageOf, runList } from '../db/list';
import { userProfiles, users } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { assertRevision, nextRevision, type ExpectedRevision } from '../revisions';

/** Every column but the password hash, which never leaves the server. */
const { passwordHash: _hash, ...publicUserColumns } = getTableColumns(users);

const userSortColumns = {
  name: users.name,
  email: users.email,
  globalRole: users.globalRole,
  status: users.status,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};

/** The statements of one users page (exported so the EXPLAIN test checks the SQL the list runs). */
export function userListQueries(db: Executor, viewer: Viewer, query: UserListQuery) {
  const scope: TenantScope = viewer.isAdmin
    ? { all: true }
    : { all: false, tenantIds: [...viewer.roles.keys()] };
  // Non-admins see themselves and the people who share a tenant with them.
  const visible = viewer.isAdmin
    ? undefined
    : or(
        eq(users.id, viewer.user.id),
        inArray(
          users.id,
          db
            .select({ id: userProfiles.userId })
            .from(userProfiles)
            .where(inTenantScope(userProfiles.tenantId, scope)),
        ),
      );
  const where = and(
    visible,
    containsAny(query.q, [users.name, users.email]),
    query.status ? eq(users.status, query.status) : undefined,
    query.globalRole ? eq(users.globalRole, query.globalRole) : undefined,
    query.tenantId
      ? inArray(
          users.id,
          db
            .select({ id: userProfiles.userId })
            .from(userProfiles)
            // Scoped too: a reader must not learn who is in a tenant they cannot see.
            .where(
              and(eq(userProfiles.tenantId, query.tenantId), inTenantScope(userProfiles.tenantId, scope)),
            ),
        )
      : undefined,
  );
  const { limit, offset } = pageOf(query);
  return {
    page: db
      .select(publicUserColumns)
      .from(users)
      .where(where)
      .orderBy(...orderByFor(query.sort, 'name', userSortColumns, users.id))
      .limit(limit)
      .offset(offset),
    count: db.select(countColumn).from(users).where(where),
    limit,
    offset,
  };
}

/** Users by name unless sorted, searched by name or email. */
export async function listUsers(
  db: Executor,
  viewer: Viewer,
  query: UserListQuery,
): Promise<{ items: User[]; total: number }> {
  return runList(userListQueries(db, viewer, query));
}

const userProfileSortColumns = { createdAt: userProfiles.createdAt };

/** Tenant profiles in scope, oldest first unless sorted, filtered by user or tenant. */
export async function listUserProfiles(
  db: Executor,
  scope: TenantScope,
  query: UserProfileListQuery,
): Promise<{ items: UserProfile[]; total: number }> {
  const where = and(
    inTenantScope(userProfiles.tenantId, scope),
    query.userId ? eq(userProfiles.userId, query.userId) : undefined,
    query.tenantId ? eq(userProfiles.tenantId, query.tenantId) : undefined,
    containsAny(query.q, [userProfiles.displayName, userProfiles.jobTitle, userProfiles.department]),
  );
  const { limit, offset } = pageOf(query);
  return runList({
    page: db
      .select()
      .from(userProfiles)
      .where(where)
      .orderBy(...orderByFor(query.sort, 'createdAt', userProfileSortColumns, userProfiles.id))
      .limit(limit)
      .offset(offset),
    count: db.select(countColumn).from(userProfiles).where(where),
    limit,
    offset,
  });
}

/** Serialises changes that could leave no active administrator (two admins demoting each other at once). */
const ADMIN_SET_LOCK = 727_041;

const isActiveAdmin = (user: { globalRole: string; status: string }) =>
  user.globalRole === 'admin' && user.status === 'active';

/** Any unique violation on users is the email index: answer with the one message the form shows. */
async function uniqueEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgCode(error) === '23505') throw conflict(DUPLICATE_EMAIL_MESSAGE);
    throw error;
  }
}

function pgCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

async function assertEmailFree(tx: Executor, email: string, exceptId?: string): Promise<void> {
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptId ? ne(users.id, exceptId) : undefined),
    )
    .limit(1);
  if (taken) throw conflict(DUPLICATE_EMAIL_MESSAGE);
}

/** How many active administrators there are besides `exceptId`. */
async function otherActiveAdmins(tx: Executor, exceptId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.globalRole, 'admin'), eq(users.status, 'active'), ne(users.id, exceptId)));
  return row?.n ?? 0;
}

/** Adds a user; the optional initial password is stored as an argon2id hash and never echoed. */
export async function createUser(db: Database, input: UserInput, actor: Actor): Promise<User> {
  const { password, ...fields } = input;
  const passwordHash = password ? await hashPassword(password) : null;
  return uniqueEmail(() =>
    db.transaction(async (tx) => {
      await assertEmailFree(tx, fields.email);
      const [created] = await tx
        .insert(users)
        .values({ ...fields, avatarUrl: fields.avatarUrl || null, passwordHash })
        .returning(publicUserColumns);
      if (!created) throw new Error('Insert returned no row');
      await recordAudit(tx, actor, {
        action: 'user.create',
        resourceType: 'user',
        resourceId: created.id,
        changes: { after: created, password: passwordHash ? 'set' : 'none' },
      });
      return created;
    }),
  );
}

/**
 * Edits a user. Nobody removes their own administrator access or disables themselves, and the last
 * active administrator stays one (409). Disabling a user ends their sessions.
 */
export async function updateUser(
  db: Database,
  id: string,
  patch: UserPatch,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<User> {
  return uniqueEmail(() =>
    db.transaction(async (tx) => {
      const losesAdmin = patch.globalRole === 'user' || patch.status === 'inactive';
      if (losesAdmin) await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK})`);
      const [before] = await tx.select(publicUserColumns).from(users).where(eq(users.id, id)).for('update');
      if (!before) throw notFound('User');
      assertRevision(before, expectedRevision, 'The user');
      const values = {
        ...patch,
        ...(patch.avatarUrl !== undefined ? { avatarUrl: patch.avatarUrl || null } : {}),
      };
      if (Object.keys(values).length === 0) return before;
      if (values.email !== undefined && values.email !== before.email)
        await assertEmailFree(tx, values.email, id);
      const after = { ...before, ...values };
      if (isActiveAdmin(before) && !isActiveAdmin(after)) {
        if (id === actor.id)
          throw conflict('You cannot remove your own administrator access or disable your own account');
        if ((await otherActiveAdmins(tx, id)) === 0)
          throw conflict('The last active administrator cannot be demoted or disabled');
      }
      const [updated] = await tx
        .update(users)
        .set({ ...values, revision: nextRevision(users.revision) })
        .where(eq(users.id, id))
        .returning(publicUserColumns);
      if (!updated) throw notFound('User');
      if (before.status === 'active' && updated.status !== 'active') await deleteUserSessions(tx, id);
      const changed = changedFields(before, updated, Object.keys(values) as (keyof User & string)[]);
      await recordAudit(tx, actor, {
        action: 'user.update',
        resourceType: 'user',
        resourceId: id,
        changes: changed,
      });
      return updated;
    }),
  );
}

/** Deletes a user with their profiles and sessions; never oneself, never the last active administrator. */
export async function deleteUser(
  db: Database,
  id: string,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK})`);
    const [before] = await tx.select(publicUserColumns).from(users).where(eq(users.id, id)).for('update');
    if (!before) throw notFound('User');
    assertRevision(before, expectedRevision, 'The user');
    if (id === actor.id) throw conflict('You cannot delete your own account');
    if (isActiveAdmin(before) && (await otherActiveAdmins(tx, id)) === 0) {
      throw conflict('The last active administrator cannot be deleted');
    }
    const profiles = await tx
      .delete(userProfiles)
      .where(eq(userProfiles.userId, id))
      .returning({ id: userProfiles.id, tenantId: userProfiles.tenantId });
    await tx.delete(users).where(eq(users.id, id));
    await recordAudit(tx, actor, {
      action: 'user.delete',
      resourceType: 'user',
      resourceId: id,
      changes: { before, profiles },
    });
  });
}

async function uniqueProfile<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgCode(error) === '23505') throw conflict(DUPLICATE_PROFILE_MESSAGE);
    throw error;
  }
}

/** Gives a user access to a tenant (one profile per user and tenant). */
export async function createUserProfile(
  db: Database,
  input: UserProfileInput,
  actor: Actor,
): Promise<UserProfile> {
  return uniqueProfile(() =>
    db.transaction(async (tx) => {
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, input.userId))
        .for('key share');
      if (!user) throw notFound('User');
      if (!(await lockTenant(tx, input.tenantId, 'key share'))) throw notFound('Tenant');
      const [existing] = await tx
        .select({ id: userProfiles.id })
        .from(userProfiles)
        .where(and(eq(userProfiles.userId, input.userId), eq(userProfiles.tenantId, input.tenantId)));
      if (existing) throw conflict(DUPLICATE_PROFILE_MESSAGE);
      const [created] = await tx.insert(userProfiles).values(input).returning();
      if (!created) throw new Error('Insert returned no row');
      await recordAudit(tx, actor, {
        action: 'user_profile.create',
        resourceType: 'user_profile',
        resourceId: created.id,
        tenantId: created.tenantId,
        changes: { after: created },
      });
      return created;
    }),
  );
}

/** The tenant row before the profile's, the one lock order for a tenant's children (tenants/lock.ts). */
async function lockProfileTenant(tx: Transaction, id: string): Promise<void> {
  const [found] = await tx
    .select({ tenantId: userProfiles.tenantId })
    .from(userProfiles)
    .where(eq(userProfiles.id, id));
  if (!found || !(await lockTenant(tx, found.tenantId, 'key share'))) throw notFound('User profile');
}

/** Changes a user's access to a tenant; the profile stays with its user and tenant. */
export async function updateUserProfile(
  db: Database,
  id: string,
  patch: UserProfilePatch,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<UserProfile> {
  return db.transaction(async (tx) => {
    await lockProfileTenant(tx, id);
    const [before] = await tx.select().from(userProfiles).where(eq(userProfiles.id, id)).for('update');
    if (!before) throw notFound('User profile');
    assertRevision(before, expectedRevision, 'The user profile');
    const { userId, tenantId, ...values } = patch;
    for (const [field, value] of [
      ['userId', userId],
      ['tenantId', tenantId],
    ] as const) {
      if (value !== undefined && value !== before[field]) {
        throw badRequest(
          `Invalid body.${field}: a profile cannot move to another ${field === 'userId' ? 'user' : 'tenant'}`,
          [
            {
              path: `body.${field}`,
              message: `A profile cannot move to another ${field === 'userId' ? 'user' : 'tenant'}`,
            },
          ],
        );
      }
    }
    if (Object.keys(values).length === 0) return before;
    const [after] = await tx
      .update(userProfiles)
      .set({ ...values, updatedAt: sql`now()`, revision: nextRevision(userProfiles.revision) })
      .where(eq(userProfiles.id, id))
      .returning();
    if (!after) throw notFound('User profile');
    const changed = changedFields(before, after, Object.keys(values) as (keyof UserProfile & string)[]);
    await recordAudit(tx, actor, {
      action: 'user_profile.update',
      resourceType: 'user_profile',
      resourceId: id,
      tenantId: before.tenantId,
      changes: changed,
    });
    return after;
  });
}

export async function deleteUserProfile(
  db: Database,
  id: string,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockProfileTenant(tx, id);
    if (expectedRevision !== undefined) {
      const [current] = await tx.select().from(userProfiles).where(eq(userProfiles.id, id)).for('update');
      if (!current) throw notFound('User profile');
      assertRevision(current, expectedRevision, 'The user profile');
    }
    const [before] = await tx.delete(userProfiles).where(eq(userProfiles.id, id)).returning();
    if (!before) throw notFound('User profile');
    await recordAudit(tx, actor, {
      action: 'user_profile.delete',
      resourceType: 'user_profile',
      resourceId: id,
      tenantId: before.tenantId,
      changes: { before },
    });
  });
}

/**
 * Undo of a removed access: puts the profile back exactly as its deletion recorded it (same id, role,
 * details, permissions, preferences and creation time), with the next revision so that forms still
 * holding the old one get 412. 404 when no removal of that id is on record, or its user or tenant is
 * gone; 409 when the profile exists again or the user has been given access to the tenant since.
 */
export async function restoreUserProfile(db: Database, id: string, actor: Actor): Promise<UserProfile> {
  return uniqueProfile(() =>
    db.transaction(async (tx) => {
      const deleted = await lastDeletedRow(tx, 'user_profile.delete', id);
      if (!deleted) throw notFound('Removed user profile');
      const parsed = userProfileSchema.safeParse(deleted.row);
      if (!parsed.success || parsed.data.id !== id) {
        throw conflict('The removed access was not recorded in full and cannot be restored');
      }
      const before = parsed.data;
      const [user] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, before.userId))
        .for('key share');
      if (!user) throw notFound('User');
      if (!(await lockTenant(tx, before.tenantId, 'key share'))) throw notFound('Tenant');
      const [existing] = await tx
        .select({ id: userProfiles.id })
        .from(userProfiles)
        .where(
          or(
            eq(userProfiles.id, id),
            and(eq(userProfiles.userId, before.userId), eq(userProfiles.tenantId, before.tenantId)),
          ),
        );
      if (existing?.id === id) throw conflict('This access exists again: there is nothing to restore');
      if (existing) throw conflict(DUPLICATE_PROFILE_MESSAGE);
      const [restored] = await tx
        .insert(userProfiles)
        .values({ ...before, revision: before.revision + 1, updatedAt: sql`now()` })
        .returning();
      if (!restored) throw new Error('Insert returned no row');
      await recordAudit(tx, actor, {
        action: 'user_profile.restore',
        resourceType: 'user_profile',
        resourceId: id,
        tenantId: restored.tenantId,
        changes: { after: restored },
      });
      return restored;
    }),
  );
}
