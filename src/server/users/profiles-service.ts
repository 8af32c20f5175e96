import { and, eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import type { UserProfileListQuery } from '../../contract/lists';
import {
  DUPLICATE_PROFILE_MESSAGE,
  type UserProfile,
  type UserProfileInput,
  type UserProfilePatch,
  userProfileSchema,
} from '../../contract/users';
import { changedFieldsOf } from '../audit/changes';
import { lastDeletedRow, recordAudit, recordCreated } from '../audit/service';
import { inTenantScope, type Actor, type TenantScope } from '../auth/viewer';
import type { Database, Executor, Transaction } from '../db/client';
import { containsAny, listOf } from '../db/list';
import { tablePageQueries } from '../table-pages';
import { userProfiles, users } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { lockTenant } from '../locks';
import {
  tenantOwnedDelete,
  inTenantOwnedTransaction,
  revisionedRows,
  updateRevisioned,
} from '../revisioned-rows';
import type { ExpectedRevision } from '../revisions';
import { refusingDuplicates } from '../unique-violation';

/** Tenant profiles: a user's access to one tenant (role, details, permissions, preferences). */

const userProfileSortColumns = { createdAt: userProfiles.createdAt };

/** The statements of one page of the user profiles (exported for the EXPLAIN test). */
export function userProfileListQueries(db: Executor, scope: TenantScope, query: UserProfileListQuery) {
  const where = and(
    inTenantScope(userProfiles.tenantId, scope),
    query.userId ? eq(userProfiles.userId, query.userId) : undefined,
    query.userIds ? inArray(userProfiles.userId, query.userIds) : undefined,
    query.tenantId ? eq(userProfiles.tenantId, query.tenantId) : undefined,
    containsAny(query.q, [userProfiles.displayName, userProfiles.jobTitle, userProfiles.department]),
  );
  return tablePageQueries(db, userProfiles, where, query, {
    fallback: 'createdAt',
    columns: userProfileSortColumns,
    id: userProfiles.id,
  });
}

/** Tenant profiles in scope, oldest first unless sorted, filtered by user or tenant. */
export const listUserProfiles = listOf(userProfileListQueries);

/** Any unique violation on profiles is the one profile per user and tenant. */
const uniqueProfile = <T>(work: () => Promise<T>) =>
  refusingDuplicates(work, () => conflict(DUPLICATE_PROFILE_MESSAGE));

/**
 * The user (key share: it cannot go meanwhile), then its tenant (key share, locks.ts), for a profile
 * to be created or restored; 404 when either is gone.
 */
async function lockUserAndTenant(tx: Transaction, userId: string, tenantId: string): Promise<void> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('key share');
  if (!user) throw notFound('User');
  if (!(await lockTenant(tx, tenantId, 'key share'))) throw notFound('Tenant');
}

/** Gives a user access to a tenant (one profile per user and tenant). */
export async function createUserProfile(
  db: Database,
  input: UserProfileInput,
  actor: Actor,
): Promise<UserProfile> {
  return uniqueProfile(() =>
    db.transaction(async (tx) => {
      await lockUserAndTenant(tx, input.userId, input.tenantId);
      const [existing] = await tx
        .select({ id: userProfiles.id })
        .from(userProfiles)
        .where(and(eq(userProfiles.userId, input.userId), eq(userProfiles.tenantId, input.tenantId)));
      if (existing) throw conflict(DUPLICATE_PROFILE_MESSAGE);
      const inserted = await tx.insert(userProfiles).values(input).returning();
      return recordCreated(tx, actor, inserted, {
        action: 'user_profile.create',
        resourceType: 'user_profile',
        tenantId: input.tenantId,
      });
    }),
  );
}

/** Profiles as revisioned writes see them. */
const profileRows = revisionedRows(userProfiles, getTableColumns(userProfiles), {
  label: 'User profile',
  resourceType: 'user_profile',
  tenantOf: (row) => row.tenantId,
});

/** A 400 for a patch that would move a profile to another user or tenant. */
function assertStays(patch: UserProfilePatch, before: UserProfile): void {
  for (const field of ['userId', 'tenantId'] as const) {
    const value = patch[field];
    if (value !== undefined && value !== before[field]) {
      const other = field === 'userId' ? 'user' : 'tenant';
      throw badRequest(`Invalid body.${field}: a profile cannot move to another ${other}`, [
        { path: `body.${field}`, message: `A profile cannot move to another ${other}` },
      ]);
    }
  }
}

/** Changes a user's access to a tenant; the profile stays with its user and tenant. */
export async function updateUserProfile(
  db: Database,
  id: string,
  patch: UserProfilePatch,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<UserProfile> {
  return inTenantOwnedTransaction(db, profileRows, id, (tx) =>
    updateRevisioned(tx, profileRows, id, expectedRevision, actor, (before) => {
      assertStays(patch, before);
      const { userId: _user, tenantId: _tenant, ...values } = patch;
      // A role changed by hand is no longer the SSO mapping's to remove (docs/sso.md).
      const source =
        values.role !== undefined && values.role !== before.role ? { source: 'manual' as const } : {};
      const set = Object.keys(values).length === 0 ? {} : { ...values, ...source, updatedAt: sql`now()` };
      return { set, changes: (after) => changedFieldsOf(before, after, values) };
    }),
  );
}

export const deleteUserProfile = tenantOwnedDelete(profileRows);

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
      await lockUserAndTenant(tx, before.userId, before.tenantId);
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
