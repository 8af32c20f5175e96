import { asc, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { LiveEvent } from '../../contract/events';
import type { Executor } from '../db/client';
import { auditEvents, userProfiles } from '../db/schema';
import { propertyOf } from '../unknown';

/** The one NOTIFY channel the audit trigger announces on (migration 0010). */
export const LIVE_CHANNEL = 'rm_live';

/** A live event with its seq as a number, for ordering; `event` is what goes on the wire. */
export interface FeedEvent {
  seq: number;
  event: LiveEvent;
  /**
   * For a user_profile event, whose profile it is (its id is the profile's): the streams re-read only
   * that user (visibility.ts). Read once per event, here; undefined when it cannot be told.
   */
  profileUserId?: string;
}

/** Millisecond ISO time: the same string whether an event came live or from the table. */
function isoOf(value: string | undefined): string {
  const time = value === undefined ? Number.NaN : Date.parse(value);
  return new Date(Number.isNaN(time) ? Date.now() : time).toISOString();
}

const nullableText = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * A trigger payload as sent by migration 0010; `{ seq }` alone when the full payload would have been too
 * large (the caller reads that row). undefined for anything unreadable.
 */
export function parsePayload(payload: string): FeedEvent | { seq: number; partial: true } | undefined {
  let data: unknown;
  try {
    data = JSON.parse(payload);
  } catch {
    return undefined;
  }
  const seq = propertyOf(data, 'seq');
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq)) return undefined;
  const action = propertyOf(data, 'action');
  const resourceType = propertyOf(data, 'resource_type');
  if (typeof action !== 'string' || typeof resourceType !== 'string') return { seq, partial: true };
  const revision = propertyOf(data, 'revision');
  const actorId = nullableText(propertyOf(data, 'actor_id'));
  const actorEmail = nullableText(propertyOf(data, 'actor_email'));
  const at = propertyOf(data, 'created_at');
  return {
    seq,
    event: {
      id: String(seq),
      action,
      resourceType,
      resourceId: nullableText(propertyOf(data, 'resource_id')),
      tenantId: nullableText(propertyOf(data, 'tenant_id')),
      revision: typeof revision === 'number' && Number.isSafeInteger(revision) ? revision : null,
      actor: actorId === null && actorEmail === null ? null : { id: actorId, email: actorEmail },
      at: isoOf(typeof at === 'string' ? at : undefined),
    },
  };
}

/** The audit columns an event is read with (webhooks read these and more: webhooks/events.ts). */
export const feedColumns = {
  seq: auditEvents.seq,
  action: auditEvents.action,
  resourceType: auditEvents.resourceType,
  resourceId: auditEvents.resourceId,
  tenantId: auditEvents.tenantId,
  actorId: auditEvents.actorId,
  actorEmail: auditEvents.actorEmail,
  revision: auditEvents.revision,
  createdAt: auditEvents.createdAt,
};

/** Whose profile a user_profile event is about: the profile's row, or (gone) the one its changes record. */
const profileColumns = {
  profileUser: sql<string | null>`(select ${userProfiles.userId} from ${userProfiles}
    where ${auditEvents.resourceType} = 'user_profile' and ${userProfiles.id} = ${auditEvents.resourceId})`,
  profileChanges: sql<
    string | null
  >`case when ${auditEvents.resourceType} = 'user_profile' then ${auditEvents.changes} end`,
};

type FeedRow = { [K in keyof typeof feedColumns]: (typeof auditEvents.$inferSelect)[K] } & {
  profileUser: string | null;
  profileChanges: string | null;
};

/** The user id a profile's audit changes record (`after` of a creation, `before` of a removal). */
function userIdInChanges(changes: string | null): string | undefined {
  if (changes === null) return undefined;
  try {
    const data: unknown = JSON.parse(changes);
    for (const side of ['after', 'before']) {
      const userId = propertyOf(propertyOf(data, side), 'userId');
      if (typeof userId === 'string') return userId;
    }
  } catch {
    // Not JSON: whose profile it was cannot be told.
  }
  return undefined;
}

function toFeedEvent(row: FeedRow & { seq: number }): FeedEvent {
  const profileUserId =
    row.resourceType === 'user_profile'
      ? (row.profileUser ?? userIdInChanges(row.profileChanges))
      : undefined;
  return {
    seq: row.seq,
    ...(profileUserId !== undefined && { profileUserId }),
    event: {
      id: String(row.seq),
      action: row.action,
      resourceType: row.resourceType,
      resourceId: row.resourceId,
      tenantId: row.tenantId,
      revision: row.revision,
      actor:
        row.actorId === null && row.actorEmail === null ? null : { id: row.actorId, email: row.actorEmail },
      at: isoOf(row.createdAt),
    },
  };
}

const withSeq = (rows: FeedRow[]) =>
  rows.flatMap((row) => (row.seq === null ? [] : [toFeedEvent({ ...row, seq: row.seq })]));

/** Committed events after `seq`, oldest first, at most `limit`. */
export async function eventsAfter(db: Executor, seq: number, limit: number): Promise<FeedEvent[]> {
  const rows = await db
    .select({ ...feedColumns, ...profileColumns })
    .from(auditEvents)
    .where(gt(auditEvents.seq, seq))
    .orderBy(asc(auditEvents.seq))
    .limit(limit);
  return withSeq(rows);
}

/** One committed event by seq. */
export async function eventAt(db: Executor, seq: number): Promise<FeedEvent | undefined> {
  const rows = await db
    .select({ ...feedColumns, ...profileColumns })
    .from(auditEvents)
    .where(eq(auditEvents.seq, seq))
    .limit(1);
  return withSeq(rows)[0];
}

/** The newest committed seq (0 before the first event). */
export async function latestSeq(db: Executor): Promise<number> {
  const [row] = await db
    .select({ seq: auditEvents.seq })
    .from(auditEvents)
    .where(isNotNull(auditEvents.seq))
    .orderBy(desc(auditEvents.seq))
    .limit(1);
  return row?.seq ?? 0;
}
