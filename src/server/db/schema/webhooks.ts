import { bigint, boolean, check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Environment } from '../../../contract/common';
import type { AuditStreamFormat, WebhookKind } from '../../../contract/webhooks';
import { createdAtColumn, idColumn, isoTimestamp, revisionColumn } from './columns';
import { tenants } from './tenants';
import { users } from './users';

/**
 * Webhook subscriptions (docs/webhooks.md): the audit trail is the outbox, and `cursor` is how far this
 * subscription has been delivered along its commit-ordered `seq`. A subscription of a tenant is deleted
 * with it; a platform one (`tenantId` null) belongs to the administrators.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: idColumn(),
    /**
     * What it sends (docs/webhooks.md, "Kinds"), fixed at creation: `webhook` (signed JSON per event),
     * `slack` and `teams` (a chat message per event), `audit_stream` (every audit row, in batches).
     */
    kind: text().$type<WebhookKind>().notNull().default('webhook'),
    /** An audit stream's format, `ndjson` or `cef`; null for every other kind. */
    format: text().$type<AuditStreamFormat>(),
    tenantId: text().references(() => tenants.id, { onDelete: 'cascade' }),
    /** Whose rights decide what it receives, read again at every delivery. */
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    /**
     * Who aimed it at `url` when that was not its owner (a manager of the tenant may edit a colleague's
     * subscription); null: the owner did. Their credentials ending switches it off too (auth/credentials.ts).
     * No foreign key: the id outlives its user.
     */
    urlSetById: text(),
    description: text().notNull().default(''),
    /** Event types it receives (docs/webhooks.md, "Event types"); `*` for all. */
    eventTypes: text().array().notNull(),
    /** Environments whose events it receives; null: all, and events of no environment. */
    environments: text().array().$type<Environment[]>(),
    enabled: boolean().notNull().default(true),
    /** `whsec_` + base64 of 32 random bytes: signs every delivery; shown once, at creation or rotation. */
    secret: text().notNull(),
    /** The secret before the last rotation, still signing alongside until `previousSecretUntil`. */
    previousSecret: text(),
    previousSecretUntil: isoTimestamp(),
    /** The last audit seq delivered (or skipped as not for it); starts at the trail's end at creation. */
    cursor: bigint({ mode: 'number' }).notNull(),
    /** Failed attempts at the event after the cursor, and since when it has been failing. */
    attempts: integer().notNull().default(0),
    failingSince: isoTimestamp(),
    /**
     * An audit stream's batch in flight: the last seq of the events after the cursor it sends, fixed
     * before the first attempt so retries (and another process after a crash) send the same batch.
     */
    batchThrough: bigint({ mode: 'number' }),
    /** When the next attempt may start; a process claims the subscription by moving it on (a lease). */
    nextAttemptAt: isoTimestamp()
      .notNull()
      .default(sql`now()`),
    /** Set when retries ran out: nothing is sent until it is enabled again (the cursor waits). */
    pausedAt: isoTimestamp(),
    pausedReason: text(),
    revision: revisionColumn(),
    createdAt: createdAtColumn(),
    updatedAt: createdAtColumn(),
  },
  (t) => [
    check(
      'webhook_subscriptions_kind_check',
      sql`${t.kind} in ('webhook', 'slack', 'teams', 'audit_stream')`,
    ),
    index('webhook_subscriptions_tenant_idx').on(t.tenantId, t.createdAt),
    index('webhook_subscriptions_due_idx').on(t.nextAttemptAt),
  ],
);

/** One attempt to deliver one event to one subscription: the delivery log (newest kept per subscription). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: idColumn(),
    subscriptionId: text()
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    /** The Standard Webhooks message id: the same for every attempt at one event (receivers dedupe on it). */
    webhookId: text().notNull(),
    eventSeq: bigint({ mode: 'number' }),
    /** An audit stream's batch: its last seq (`eventSeq` is its first); null for one event. */
    lastEventSeq: bigint({ mode: 'number' }),
    eventType: text().notNull(),
    attempt: integer().notNull(),
    ok: boolean().notNull(),
    statusCode: integer(),
    durationMs: integer().notNull(),
    /** Why it failed, in words; null when delivered. */
    error: text(),
    /** The start of the receiver's answer (WEBHOOK_RESPONSE_BODY_LIMIT). */
    responseBody: text(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('webhook_deliveries_subscription_idx').on(t.subscriptionId, t.createdAt)],
);
