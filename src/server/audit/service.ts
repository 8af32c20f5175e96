import { and, desc, eq, getTableColumns, gte, ilike, inArray, lte, or } from 'drizzle-orm';
import type { AuditEvent, AuditQuery } from '../../contract/audit';
import type { Actor, Viewer } from '../auth/viewer';
import type { Executor } from '../db/client';
import { DEFAULT_LIST_LIMIT, toPage, totalCountColumn } from '../db/list';
import { auditEvents } from '../db/schema';
import { forbidden } from '../errors';

export interface AuditRecord {
  action: string;
  resourceType: string;
  resourceId?: string | null;
  tenantId?: string | null;
  /** What changed; serialised as JSON. Never pass secrets (password hashes, tokens). */
  changes?: unknown;
}

/** Writes one audit event; call it with the mutation's own transaction so both commit or neither. */
export async function recordAudit(db: Executor, actor: Actor | null, record: AuditRecord): Promise<void> {
  await db.insert(auditEvents).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action: record.action,
    resourceType: record.resourceType,
    resourceId: record.resourceId ?? null,
    tenantId: record.tenantId ?? null,
    changes: record.changes === undefined ? null : JSON.stringify(record.changes),
    ip: actor?.ip ?? null,
  });
}

/**
 * The audit trail, newest first. Administrators read everything; tenant owners read the events of the
 * tenants they own; anyone else is refused.
 */
export async function listAuditEvents(
  db: Executor,
  viewer: Viewer,
  query: AuditQuery,
): Promise<{ items: AuditEvent[]; total: number }> {
  let ownedTenants: string[] | undefined;
  if (!viewer.isAdmin) {
    ownedTenants = [...viewer.roles].filter(([, role]) => role === 'owner').map(([tenantId]) => tenantId);
    if (ownedTenants.length === 0)
      throw forbidden('Only administrators and tenant owners can read the audit log');
  }
  const actor = query.actor?.trim();
  const rows = await db
    .select({ ...getTableColumns(auditEvents), totalCount: totalCountColumn })
    .from(auditEvents)
    .where(
      and(
        ownedTenants ? inArray(auditEvents.tenantId, ownedTenants) : undefined,
        actor
          ? or(
              eq(auditEvents.actorId, actor),
              ilike(auditEvents.actorEmail, `%${actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
            )
          : undefined,
        query.resourceType ? eq(auditEvents.resourceType, query.resourceType) : undefined,
        query.tenantId ? eq(auditEvents.tenantId, query.tenantId) : undefined,
        query.from ? gte(auditEvents.createdAt, query.from) : undefined,
        query.to ? lte(auditEvents.createdAt, query.to) : undefined,
      ),
    )
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(query.limit ?? DEFAULT_LIST_LIMIT)
    .offset(query.offset ?? 0);
  return toPage(rows);
}
