import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SsoRule } from '../../../contract/sso';
import { createdAtColumn, idColumn, isoTimestamp, revisionColumn } from './columns';
import { users } from './users';

/**
 * Which identity-provider account is which user: matched by (issuer, subject) only, never by e-mail
 * (docs/sso.md). `email` is the address the token carried when the link was made, kept for the record.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: idColumn(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text().notNull(),
    subject: text().notNull(),
    email: text(),
    linkedAt: createdAtColumn(),
    /**
     * Who had set the account's address for its owner when this identity was linked by it (null: the
     * owner, nobody, or a first sign-in): four eyes count them as able to act as the account while
     * the link stands (docs/changes.md). No foreign key: the id outlives its user.
     */
    emailSetById: text(),
    /**
     * When an administrator unlinked it (or the break-glass recovery did). The row stays so that the
     * identity is refused from then on: neither linked again by its address nor given a new account.
     */
    unlinkedAt: isoTimestamp(),
  },
  (t) => [
    uniqueIndex('user_identities_issuer_subject_unique').on(t.issuer, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);

/** The SSO settings: one row (id 'global'); no row means the defaults. */
export const ssoSettings = pgTable(
  'sso_settings',
  {
    id: text().primaryKey().default('global'),
    claim: text().notNull().default('groups'),
    jitProvisioning: boolean().notNull().default(false),
    rules: jsonb().$type<SsoRule[]>().notNull().default([]),
    revision: revisionColumn(),
    updatedAt: isoTimestamp()
      .notNull()
      .default(sql`now()`),
    updatedBy: text(),
  },
  (t) => [check('sso_settings_single_row', sql`${t.id} = 'global'`)],
);

/**
 * A sign-in in flight, between the redirect to the provider and its callback. The id is the SHA-256 of
 * a random token held in this browser's HttpOnly cookie, so the callback only completes in the browser
 * that started it; the row is deleted when read (one use) and ignored past `expiresAt`.
 */
export const oidcLoginStates = pgTable(
  'oidc_login_states',
  {
    id: text().primaryKey(),
    state: text().notNull(),
    nonce: text().notNull(),
    codeVerifier: text().notNull(),
    returnTo: text().notNull(),
    createdAt: createdAtColumn(),
    expiresAt: isoTimestamp().notNull(),
  },
  (t) => [index('oidc_login_states_expires_idx').on(t.expiresAt)],
);
