import { and, count, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { inTenantScope, type Actor, type TenantScope, type Viewer } from '../auth/viewer';
import type { UserListQuery } from '../../contract/lists';
import { DUPLICATE_EMAIL_MESSAGE, type User, type UserInput, type UserPatch } from '../../contract/users';
import { changedFieldsOf } from '../audit/changes';
import { recordCreated } from '../audit/service';
import { hashPassword } from '../auth/passwords';
import type { Database, Executor } from '../db/client';
import { ADVISORY_LOCKS, advisoryLock } from '../locks';
import { namedFrom } from '../db/lazy-select';
import { containsAny, pageQueries, listWindow, runList, type ListPage } from '../db/list';
import { userProfiles, users } from '../db/schema';
import { conflict, notFound } from '../errors';
import { deleteRevisioned, updateRevisioned } from '../revisioned-rows';
import type { ExpectedRevision } from '../revisions';
import { refusingDuplicates } from '../unique-violation';
import { endCredentials } from '../auth/credentials';

const userSortColumns = {
  name: users.name,
  email: users.email,
  globalRole: users.globalRole,
  status: users.status,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
};

const scopeOf = (viewer: Viewer): TenantScope =>
  viewer.isAdmin ? { all: true } : { all: false, tenantIds: [...viewer.roles.keys()] };

/** Non-admins see themselves and the people who share a tenant with them (undefined: everyone). */
function visibleTo(db: Executor, viewer: Viewer) {
  if (viewer.isAdmin) return undefined;
  return or(
    eq(users.id, viewer.user.id),
    inArray(
      users.id,
      db
        .select({ id: userProfiles.userId })
        .from(userProfiles)
        .where(inTenantScope(userProfiles.tenantId, scopeOf(viewer))),
    ),
  );
}

/** One user as the list shows them; 404 when there is none or the viewer may not see them. */
export async function getUser(db: Executor, viewer: Viewer, id: string): Promise<User> {
  const [user] = await db
    .select(publicUserColumns)
    .from(users)
    .where(and(eq(users.id, id), visibleTo(db, viewer)));
  if (!user) throw notFound('User');
  return user;
}

/** The statements of one users page (exported so the EXPLAIN test checks the SQL the list runs). */
/** The users list's FROM: the columns a user's public record shows. */
const usersFrom = namedFrom(publicUserColumns, (db) => db.select(publicUserColumns).from(users).$dynamic());

export function userListQueries(db: Executor, viewer: Viewer, query: UserListQuery) {
  const scope = scopeOf(viewer);
  const where = and(
    visibleTo(db, viewer),
    containsAny(query.q, [users.name, users.email]),
    query.status ? eq(users.status, query.status) : undefined,
    query.globalRole ? eq(users.globalRole, query.globalRole) : undefined,
    query.kind ? eq(users.kind, query.kind) : undefined,
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
  const window = listWindow(query, { fallback: 'name', columns: userSortColumns, id: users.id });
  return pageQueries(db, usersFrom, {
    table: users,
    where,
    window,
    exactTotal: query.exactTotal,
  });
}

/** Users by name unless sorted, searched by name or email. */
export async function listUsers(db: Executor, viewer: Viewer, query: UserListQuery): Promise<ListPage<User>> {
  return runList(db, userListQueries(db, viewer, query));
}

const isActiveAdmin = (user: { globalRole: string; status: string }) =>
  user.globalRole === 'admin' && user.status === 'active';

/** Any unique violation on users is the email index: answer with the one message the form shows. */
const uniqueEmail = <T>(work: () => Promise<T>) =>
  refusingDuplicates(work, () => conflict(DUPLICATE_EMAIL_MESSAGE));

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
      const inserted = await tx
        .insert(users)
        .values({
          ...fields,
          avatarUrl: fields.avatarUrl || null,
          passwordHash,
          // Four eyes read who made the account and who knows its password (docs/changes.md).
          createdById: actor.id,
          passwordSetById: passwordHash ? actor.id : null,
        })
        .returning(publicUserColumns);
      return recordCreated(tx, actor, inserted, {
        action: 'user.create',
        resourceType: 'user',
        changes: (row) => ({ after: row, password: passwordHash ? 'set' : 'none' }),
      });
    }),
  );
}

/**
 * Edits a user. Nobody removes their own administrator access or disables themselves, and the last
 * active administrator stays one (409). Disabling a user ends their sessions and revokes their tokens.
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
      if (losesAdmin) await advisoryLock(tx, ADVISORY_LOCKS.activeAdministrators);
      const updated = await updateRevisioned(tx, userRows, id, expectedRevision, actor, async (before) => {
        const values = {
          ...patch,
          ...(patch.avatarUrl !== undefined ? { avatarUrl: patch.avatarUrl || null } : {}),
          // A role changed by hand is no longer the SSO mapping's to reset (docs/sso.md).
          ...(patch.globalRole !== undefined && patch.globalRole !== before.globalRole
            ? { globalRoleSource: 'manual' as const }
            : {}),
          // An address set for someone else is one its setter may hold at the identity provider, where
          // a sign-in links it to this account: four eyes count the setter as able to act as it.
          ...(patch.email !== undefined && patch.email !== before.email && actor.id !== id
            ? { emailSetById: actor.id }
            : {}),
          // The address it leaves stays the account's for four eyes: whoever filed or approved with it
          // is this account still, after a move to another address (docs/changes.md).
          ...(patch.email !== undefined && patch.email.toLowerCase() !== before.email.toLowerCase()
            ? { pastEmails: sql`array_append(${users.pastEmails}, ${before.email.toLowerCase()}::text)` }
            : {}),
        };
        if (Object.keys(values).length === 0) return { set: values, changes: () => ({}) };
        if (values.email !== undefined && values.email !== before.email)
          await assertEmailFree(tx, values.email, id);
        if (isActiveAdmin(before) && !isActiveAdmin({ ...before, ...values })) {
          if (id === actor.id)
            throw conflict('You cannot remove your own administrator access or disable your own account');
          if ((await otherActiveAdmins(tx, id)) === 0)
            throw conflict('The last active administrator cannot be demoted or disabled');
        }
        if (before.status === 'active' && values.status !== undefined && values.status !== 'active')
          await endCredentials(tx, id, actor, 'owner disabled');
        return { set: values, changes: (after) => changedFieldsOf(before, after, values) };
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
    await advisoryLock(tx, ADVISORY_LOCKS.activeAdministrators);
    await deleteRevisioned(tx, userRows, id, expectedRevision, actor, async (before) => {
      if (id === actor.id) throw conflict('You cannot delete your own account');
      if (isActiveAdmin(before) && (await otherActiveAdmins(tx, id)) === 0) {
        throw conflict('The last active administrator cannot be deleted');
      }
      const profiles = await tx
        .delete(userProfiles)
        .where(eq(userProfiles.userId, id))
        .returning({ id: userProfiles.id, tenantId: userProfiles.tenantId });
      return { before, profiles };
    });
  });
}

/** Tenant profiles live in profiles-service.ts; re-exported for the modules that import them from here. */
export {
  createUserProfile,
  deleteUserProfile,
  listUserProfiles,
  restoreUserProfile,
  updateUserProfile,
} from './profiles-service';
import { publicUserColumns, userRows } from '../auth/user-columns';
