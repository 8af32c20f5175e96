import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, isoTimestamp } from './columns';
import { users } from './users';

/**
 * Server-side sessions. The id is the SHA-256 of the cookie's token, so a database reader cannot
 * replay sessions. Idle expiry moves with lastSeenAt; expiresAt is the absolute limit.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAtColumn(),
    lastSeenAt: isoTimestamp().notNull(),
    expiresAt: isoTimestamp().notNull(),
    ip: text(),
    userAgent: text(),
    /** The provider's ID token of an SSO sign-in: the id_token_hint of its end-session URL at sign-out. */
    idToken: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Failed sign-ins, counted per account and per address to rate-limit guessing across all processes. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: idColumn(),
    email: text().notNull(),
    ip: text().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);
