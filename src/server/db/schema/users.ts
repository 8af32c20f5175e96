import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, isoTimestamp, revisionColumn } from './columns';
import { searchIndex, sortIndex } from './list-indexes';
import { tenants } from './tenants';
import type {
  GlobalRole,
  ProfileStatus,
  RoleSource,
  TenantRole,
  UserKind,
  UserStatus,
} from '../../../contract/users';

export const users = pgTable(
  'users',
  {
    id: idColumn(),
    email: text().notNull(),
    name: text().notNull(),
    avatarUrl: text(),
    globalRole: text().$type<GlobalRole>().notNull().default('user'),
    /** 'sso': the SSO group mapping owns globalRole and resets it at every SSO sign-in (docs/sso.md). */
    globalRoleSource: text().$type<RoleSource>().notNull().default('manual'),
    status: text().$type<UserStatus>().notNull().default('active'),
    kind: text().$type<UserKind>().notNull().default('person'),
    revision: revisionColumn(),
    createdAt: createdAtColumn(),
    lastLoginAt: isoTimestamp(),
    /** argon2id; null for users who cannot sign in yet. Never leaves the server. */
    passwordHash: text(),
    /**
     * Who made the account, who last set its password and who last set its e-mail for someone else
     * (null: the first-admin start-up, single sign-on, the user themselves, or before this was recorded):
     * four eyes refuse an approval by an account its requester made, holds the password of, or could
     * have linked to their own sign-in through its address (docs/changes.md). No foreign key: the id
     * outlives its user.
     */
    createdById: text(),
    passwordSetById: text(),
    emailSetById: text(),
    /**
     * Every address the account had before its current one, lower-cased: four eyes count an account
     * that once had the requester's or an approver's address as that person (docs/changes.md).
     */
    pastEmails: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    // Unique regardless of case: "Ada@x.io" and "ada@x.io" are one mailbox.
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    check('users_global_role', sql`${t.globalRole} in ('user', 'admin')`),
    check('users_global_role_source', sql`${t.globalRoleSource} in ('manual', 'sso')`),
    // A service account never has a password: the check keeps it so whatever code path sets one.
    check('users_kind', sql`${t.kind} = 'person' or (${t.kind} = 'service' and ${t.passwordHash} is null)`),
    searchIndex('users_name_search_idx', t.name),
    searchIndex('users_email_search_idx', t.email),
    sortIndex('users_name_sort_idx', t.name, t.id),
    sortIndex('users_email_sort_idx', t.email, t.id),
    sortIndex('users_global_role_sort_idx', t.globalRole, t.id),
    sortIndex('users_status_sort_idx', t.status, t.id),
    sortIndex('users_created_sort_idx', t.createdAt, t.id),
    sortIndex('users_last_login_sort_idx', t.lastLoginAt, t.id),
  ],
);

export const userProfiles = pgTable(
  'user_profiles',
  {
    id: idColumn(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: text()
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    role: text().$type<TenantRole>().notNull().default('member'),
    /** 'sso': the SSO group mapping owns this profile's role (docs/sso.md). */
    source: text().$type<RoleSource>().notNull().default('manual'),
    displayName: text(),
    jobTitle: text(),
    department: text(),
    permissions: text().array(),
    /** JSON text. */
    preferences: text(),
    status: text().$type<ProfileStatus>().notNull().default('active'),
    revision: revisionColumn(),
    createdAt: createdAtColumn(),
    updatedAt: isoTimestamp()
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    uniqueIndex('user_profiles_user_tenant_unique').on(t.userId, t.tenantId),
    check('user_profiles_source', sql`${t.source} in ('manual', 'sso')`),
    index('user_profiles_tenant_idx').on(t.tenantId),
    sortIndex('user_profiles_created_sort_idx', t.createdAt, t.id),
  ],
);
