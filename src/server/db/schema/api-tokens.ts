import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, isoTimestamp } from './columns';
import { users } from './users';

/**
 * API tokens (docs/automation.md). `secretHash` is the SHA-256 of the whole token: a database reader
 * cannot replay one. Revocation keeps the row, so the audit trail and the list still name it.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: idColumn(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    secretHash: text().notNull(),
    displayPrefix: text().notNull(),
    readOnly: boolean().notNull().default(false),
    /** null: every tenant the owner reaches. */
    tenantIds: text().array(),
    /** A host shell's token: this mesh's manifest only. No foreign key: a deleted mesh leaves a token that reads 404. */
    meshId: text(),
    createdAt: createdAtColumn(),
    createdById: text(),
    createdByEmail: text(),
    expiresAt: isoTimestamp().notNull(),
    revokedAt: isoTimestamp(),
    lastUsedAt: isoTimestamp(),
    lastUsedIp: text(),
  },
  (t) => [
    uniqueIndex('api_tokens_secret_hash_unique').on(t.secretHash),
    index('api_tokens_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Idempotency keys (Stripe semantics, docs/automation.md): one row per caller and key. The first request
 * inserts it and does the work; a retry with the same body replays the stored response; `completedAt`
 * null means the first request is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `user:<id>` or `token:<id>`: keys are per caller. */
    caller: text().notNull(),
    key: text().notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    requestHash: text().notNull(),
    createdAt: createdAtColumn(),
    /**
     * The pending claim's last sign of life: its process renews it while the request runs, so a row
     * nobody renews belongs to a request that no longer runs, and only such a row is taken over.
     */
    heartbeatAt: createdAtColumn(),
    expiresAt: isoTimestamp().notNull(),
    completedAt: isoTimestamp(),
    responseStatus: integer(),
    /** JSON text of the headers a replay repeats (content-type, etag, location). */
    responseHeaders: text(),
    responseBody: text(),
    /**
     * SHA-256 of the caller's access when the request ran (global role, tenant roles, the token's scope):
     * a replay to a caller whose access has changed since is refused. Null on rows stored before it was
     * kept, which are never replayed.
     */
    accessHash: text(),
  },
  (t) => [primaryKey({ columns: [t.caller, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);
