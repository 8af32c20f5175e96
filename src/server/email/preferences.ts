import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type NotificationPreferenceKind,
  type NotificationPreferences,
  type NotificationPreferencesInput,
} from '../../contract/notification-preferences';
import { recordAudit } from '../audit/service';
import type { Actor } from '../auth/viewer';
import type { Database, Executor } from '../db/client';
import { notificationPreferences } from '../db/schema';
import { assertRevision, nextRevision, PreconditionFailedError, type ExpectedRevision } from '../revisions';

const fields = {
  awaitingReview: notificationPreferences.awaitingReview,
  myRequests: notificationPreferences.myRequests,
  rolloutRolledBack: notificationPreferences.rolloutRolledBack,
  revision: notificationPreferences.revision,
};

/** A user's e-mail preferences; every kind on while they never saved any (revision 0). */
export async function getNotificationPreferences(
  db: Executor,
  userId: string,
): Promise<NotificationPreferences> {
  const [row] = await db
    .select(fields)
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? DEFAULT_NOTIFICATION_PREFERENCES;
}

/**
 * Replaces the caller's own preferences (If-Match refuses a stale form: 412) and audits the change on
 * the user, like an edit of the user's account.
 */
export async function replaceNotificationPreferences(
  db: Database,
  userId: string,
  input: NotificationPreferencesInput,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<NotificationPreferences> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select(fields)
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId))
      .for('update');
    const before = locked ?? DEFAULT_NOTIFICATION_PREFERENCES;
    assertRevision(before, expectedRevision, 'Your notification preferences');
    // The first save inserts; two first saves race, and the loser's update applies only at the revision it saw.
    const [after] = await tx
      .insert(notificationPreferences)
      .values({ userId, ...input })
      .onConflictDoUpdate({
        target: notificationPreferences.userId,
        set: { ...input, updatedAt: sql`now()`, revision: nextRevision(notificationPreferences.revision) },
        setWhere:
          expectedRevision === undefined ? undefined : eq(notificationPreferences.revision, before.revision),
      })
      .returning(fields);
    if (!after) {
      const current = await getNotificationPreferences(tx, userId);
      throw new PreconditionFailedError(current.revision, current, 'Your notification preferences');
    }
    await recordAudit(tx, actor, {
      action: 'user.notification_preferences',
      resourceType: 'user',
      resourceId: userId,
      changes: { before: { ...before, revision: undefined }, after: input },
      revision: after.revision,
    });
    return after;
  });
}

/** Of these users, those who opted out of a kind of e-mail. */
export async function optedOut(
  db: Executor,
  userIds: string[],
  kind: NotificationPreferenceKind,
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: notificationPreferences.userId })
    .from(notificationPreferences)
    .where(and(inArray(notificationPreferences.userId, userIds), eq(fields[kind], false)));
  return new Set(rows.map((row) => row.userId));
}
