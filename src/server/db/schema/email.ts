import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, isoTimestamp, revisionColumn } from './columns';
import { users } from './users';

/**
 * The mailer's place on the audit trail (docs/notifications.md, "Durability"): one row. `cursor` is the
 * last audit seq handled; a process claims the row by moving `nextAttemptAt` past a lease, so one
 * process at a time sends, and a failing SMTP server is retried with backoff (`attempts`, `failingSince`).
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: text().primaryKey().default('mailer'),
    cursor: bigint({ mode: 'number' }).notNull(),
    attempts: integer().notNull().default(0),
    failingSince: isoTimestamp(),
    nextAttemptAt: isoTimestamp()
      .notNull()
      .default(sql`now()`),
  },
  (t) => [check('email_outbox_one_row', sql`${t.id} = 'mailer'`)],
);

/**
 * Every e-mail sent or given up on, one row per event and recipient: a row that says sent keeps the
 * event's retry (after a failure for another recipient) from sending it again.
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    id: idColumn(),
    eventSeq: bigint({ mode: 'number' }).notNull(),
    /** The notification (change_request.awaiting_review, ...). */
    event: text().notNull(),
    /** No foreign key: the log outlives the user. */
    recipientId: text().notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    ok: boolean().notNull(),
    /** Why the last attempt failed; null once sent. */
    error: text(),
    attempts: integer().notNull().default(1),
    createdAt: createdAtColumn(),
    updatedAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('email_deliveries_event_recipient').on(t.eventSeq, t.recipientId),
    index('email_deliveries_created_idx').on(t.createdAt),
  ],
);

/** A user's opt-outs per kind of e-mail (docs/notifications.md, "Preferences"); no row: all on. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  awaitingReview: boolean().notNull().default(true),
  myRequests: boolean().notNull().default(true),
  rolloutRolledBack: boolean().notNull().default(true),
  revision: revisionColumn(),
  updatedAt: createdAtColumn(),
});
