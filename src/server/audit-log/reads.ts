import { and, eq, gte, inArray, lte, or } from 'drizzle-orm';
import type { AuditEvent } from '../../contract/audit';
import type { AuditEventListQuery } from '../../contract/lists';
import type { Viewer } from '../auth/viewer';
import type { Executor } from '../db/client';
import { containsAny, runList, type ListPage } from '../db/list';
import { tablePageQueries } from '../table-pages';
import { auditEvents } from '../db/schema';
import { forbidden } from '../errors';

/* Reading the audit trail (the Audit Log screen): who may, and one page of it. */

const auditSortColumns = {
  createdAt: auditEvents.createdAt,
  action: auditEvents.action,
  resourceType: auditEvents.resourceType,
  actorEmail: auditEvents.actorEmail,
};

/** The statements of one audit page (exported so the EXPLAIN test checks the SQL the list runs). */
export function auditEventListQueries(
  db: Executor,
  ownedTenants: string[] | undefined,
  query: AuditEventListQuery,
) {
  const actor = query.actor?.trim();
  const where = and(
    ownedTenants ? inArray(auditEvents.tenantId, ownedTenants) : undefined,
    actor ? or(eq(auditEvents.actorId, actor), containsAny(actor, [auditEvents.actorEmail])) : undefined,
    containsAny(query.q, [auditEvents.action, auditEvents.actorEmail]),
    query.resourceType ? eq(auditEvents.resourceType, query.resourceType) : undefined,
    query.tenantId ? eq(auditEvents.tenantId, query.tenantId) : undefined,
    query.from ? gte(auditEvents.createdAt, query.from) : undefined,
    query.to ? lte(auditEvents.createdAt, query.to) : undefined,
  );
  return tablePageQueries(db, auditEvents, where, query, {
    fallback: '-createdAt',
    columns: auditSortColumns,
    id: auditEvents.id,
  });
}

/** The tenants whose events a viewer may read: undefined = all (administrators). */
export function auditScope(viewer: Viewer): string[] | undefined {
  if (viewer.isAdmin) return undefined;
  const owned = [...viewer.roles].filter(([, role]) => role === 'owner').map(([tenantId]) => tenantId);
  if (owned.length === 0) throw forbidden('Only administrators and tenant owners can read the audit log');
  return owned;
}

/**
 * The audit trail, newest first unless sorted. Administrators read everything; tenant owners read the
 * events of the tenants they own; anyone else is refused.
 */
export async function listAuditEvents(
  db: Executor,
  viewer: Viewer,
  query: AuditEventListQuery,
): Promise<ListPage<AuditEvent>> {
  return runList(db, auditEventListQueries(db, auditScope(viewer), query));
}
