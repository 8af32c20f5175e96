import { and, desc, eq, gte, inArray, lte, or } from 'drizzle-orm';
import type { AuditEvent } from '../../contract/audit';
import type { AuditEventListQuery } from '../../contract/lists';
import type { Actor, Viewer } from '../auth/viewer';
import type { Executor } from '../db/client';
import { containsAny, pageQueries, listWindow, runList, type ListPage } from '../db/list';
import { auditEvents } from '../db/schema';
import { forbidden } from '../errors';
import { propertyOf } from '../unknown';

export interface AuditRecord {
  action: string;
  resourceType: string;
  resourceId?: string | null;
  tenantId?: string | null;
  /** What changed; serialised as JSON. Never pass secrets (password hashes, tokens). */
  changes?: unknown;
  /** The resource's revision after the change; default: `changes.after.revision` when there is one. */
  revision?: number;
}

/** `changes.after.revision`, when the change recorded the row as written. */
function revisionIn(changes: unknown): number | null {
  const revision = propertyOf(propertyOf(changes, 'after'), 'revision');
  return typeof revision === 'number' && Number.isSafeInteger(revision) ? revision : null;
}

/** Who records what the server does by itself: health changes, rollout steps and rollbacks. */
export const SYSTEM_ACTOR: Actor = { id: null, email: 'system' };

/** Writes one audit event; call it with the mutation's own transaction so both commit or neither. */
export async function recordAudit(db: Executor, actor: Actor | null, record: AuditRecord): Promise<void> {
  await db.insert(auditEvents).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    actorTokenId: actor?.token?.id ?? null,
    actorTokenName: actor?.token?.name ?? null,
    action: record.action,
    resourceType: record.resourceType,
    resourceId: record.resourceId ?? null,
    tenantId: record.tenantId ?? null,
    changes: record.changes === undefined ? null : JSON.stringify(record.changes),
    revision: record.revision ?? revisionIn(record.changes),
    ip: actor?.ip ?? null,
  });
}

/**
 * What the latest `action` event (a delete) recorded as `changes.before` for a resource, with its tenant:
 * the row as it was deleted, which an undo restores. Undefined when no such event exists or it holds no
 * row. The caller validates the row's shape.
 */
export async function lastDeletedRow(
  db: Executor,
  action: string,
  resourceId: string,
): Promise<{ row: unknown; tenantId: string | null } | undefined> {
  const [event] = await db
    .select({ changes: auditEvents.changes, tenantId: auditEvents.tenantId })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.resourceId, resourceId)))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(1);
  if (!event?.changes) return undefined;
  const changes = JSON.parse(event.changes) as { before?: unknown } | null;
  if (!changes || typeof changes !== 'object' || changes.before === undefined) return undefined;
  return { row: changes.before, tenantId: event.tenantId };
}

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
  const window = listWindow(query, { fallback: '-createdAt', columns: auditSortColumns, id: auditEvents.id });
  return pageQueries(db, db.select().from(auditEvents).$dynamic(), {
    table: auditEvents,
    where,
    window,
    exactTotal: query.exactTotal,
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
