import { and, desc, eq } from 'drizzle-orm';
import type { AuditResourceType } from '../../contract/audit';
import type { Executor } from '../db/client';
import { auditEvents } from '../db/schema';
import { propertyOf } from '../unknown';
import { isOneOf } from '../../contract/sets';
import { masked } from '../secrets/secret-values';
import type { Actor } from './actor';

export type { Actor } from './actor';

/*
 * The audit trail's writer, which every mutation calls inside its own transaction. It sits below
 * authentication (which records sign-ins through it); reading the trail is src/server/audit-log/.
 */

export interface AuditRecord {
  action: string;
  /** One of the contract's types: each has its entry in the live tables of both sides. */
  resourceType: AuditResourceType;
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

/**
 * The delete events an undo restores a row from (lastDeletedRow). They keep the row exactly; the others
 * keep secrets inside JSON text as references, since the trail travels (webhooks, chat, e-mail, the
 * audit stream). Neither restorable row holds a stored secret.
 */
export const RESTORED_FROM = ['user_profile.delete', 'template.delete'] as const;
export type RestorableAction = (typeof RESTORED_FROM)[number];

const keptExactly = (action: string) => isOneOf(RESTORED_FROM, action);

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
    changes:
      record.changes === undefined
        ? null
        : JSON.stringify(keptExactly(record.action) ? record.changes : masked(record.changes)),
    revision: record.revision ?? revisionIn(record.changes),
    ip: actor?.ip ?? null,
  });
}

/**
 * The row an `INSERT ... RETURNING` wrote, with its create event recorded in the same transaction. The
 * event names the row by its id and keeps `changes` of it: by default the row as written.
 */
export async function recordCreated<Row extends { id: string }>(
  db: Executor,
  actor: Actor | null,
  inserted: Row[],
  event: Omit<AuditRecord, 'resourceId' | 'changes'> & { changes?: (row: Row) => unknown },
): Promise<Row> {
  const [row] = inserted;
  if (!row) throw new Error('Insert returned no row');
  const { changes = (written: Row) => ({ after: written }), ...record } = event;
  await recordAudit(db, actor, { ...record, resourceId: row.id, changes: changes(row) });
  return row;
}

/**
 * What the latest `action` event (a delete) recorded as `changes.before` for a resource, with its tenant:
 * the row as it was deleted, which an undo restores. Undefined when no such event exists or it holds no
 * row. The caller validates the row's shape.
 */
export async function lastDeletedRow(
  db: Executor,
  action: RestorableAction,
  resourceId: string,
): Promise<{ row: unknown; tenantId: string | null } | undefined> {
  const [event] = await db
    .select({ changes: auditEvents.changes, tenantId: auditEvents.tenantId })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.resourceId, resourceId)))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(1);
  if (!event?.changes) return undefined;
  const before = propertyOf(JSON.parse(event.changes), 'before');
  if (before === undefined) return undefined;
  return { row: before, tenantId: event.tenantId };
}
