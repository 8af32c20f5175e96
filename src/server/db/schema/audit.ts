import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';
import { searchIndex, sortIndex } from './list-indexes';

/**
 * Who changed what, when. No foreign keys on purpose: the trail outlives the users, tenants and
 * resources it names, so actor email and ids are copied in.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: idColumn(),
    actorId: text(),
    actorEmail: text(),
    /** The API token the actor used, when not a browser session: its id and its name at the time. */
    actorTokenId: text(),
    actorTokenName: text(),
    /** e.g. "tenant.update", "auth.login". */
    action: text().notNull(),
    resourceType: text().notNull(),
    resourceId: text(),
    tenantId: text(),
    /** JSON text: what changed (before/after or the request's fields). */
    changes: text(),
    /** The resource's revision after the change, when it has one: lets a live client spot a stale form. */
    revision: integer(),
    ip: text(),
    createdAt: createdAtColumn(),
    /**
     * Commit order: assigned at commit by a trigger (migration 0010) under one lock, so a higher seq
     * always committed later. The live events' id (docs/live-updates.md); null only inside the writing
     * transaction.
     */
    seq: bigint({ mode: 'number' }),
  },
  (t) => [
    // (created_at, id), not created_at alone: the log's default order ends with the id.
    sortIndex('audit_events_created_sort_idx', t.createdAt, t.id),
    sortIndex('audit_events_action_sort_idx', t.action, t.id),
    sortIndex('audit_events_resource_type_sort_idx', t.resourceType, t.id),
    sortIndex('audit_events_actor_email_sort_idx', t.actorEmail, t.id),
    searchIndex('audit_events_action_search_idx', t.action),
    searchIndex('audit_events_actor_email_search_idx', t.actorEmail),
    index('audit_events_tenant_idx').on(t.tenantId, t.createdAt),
    index('audit_events_actor_idx').on(t.actorId, t.createdAt),
    uniqueIndex('audit_events_seq_idx').on(t.seq),
  ],
);
