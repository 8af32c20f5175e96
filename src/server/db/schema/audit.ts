import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn } from './columns';

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
    /** e.g. "tenant.update", "auth.login". */
    action: text().notNull(),
    resourceType: text().notNull(),
    resourceId: text(),
    tenantId: text(),
    /** JSON text: what changed (before/after or the request's fields). */
    changes: text(),
    ip: text(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('audit_events_created_idx').on(t.createdAt),
    index('audit_events_tenant_idx').on(t.tenantId, t.createdAt),
    index('audit_events_actor_idx').on(t.actorId, t.createdAt),
  ],
);
