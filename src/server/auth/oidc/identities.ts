import { and, asc, eq } from 'drizzle-orm';
import type { UserIdentity } from '../../../contract/users';
import { recordAudit } from '../../audit/service';
import type { Database, Executor } from '../../db/client';
import { userIdentities, users } from '../../db/schema';
import { notFound } from '../../errors';
import { lockRevisioned } from '../../revisioned-rows';
import { nextRevision, type ExpectedRevision } from '../../revisions';
import { deleteUserSessions } from '../sessions';
import { userRows } from '../user-columns';
import type { Actor } from '../viewer';

const identityColumns = {
  id: userIdentities.id,
  issuer: userIdentities.issuer,
  subject: userIdentities.subject,
  email: userIdentities.email,
  linkedAt: userIdentities.linkedAt,
};

/** The provider identities that sign in as the user, oldest link first (404 when there is no such user). */
export async function listUserIdentities(db: Database, userId: string): Promise<UserIdentity[]> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User');
  return db
    .select(identityColumns)
    .from(userIdentities)
    .where(eq(userIdentities.userId, userId))
    .orderBy(asc(userIdentities.linkedAt), asc(userIdentities.id));
}

/**
 * Removes links of the user (all of them, or the one `identityId` names), each audited as
 * `user.identity.unlink`; answers how many went. The next sign-in of such an identity is a stranger's
 * again: it links by verified e-mail, or provisions, as docs/sso.md says.
 */
export async function removeIdentityLinks(
  tx: Executor,
  userId: string,
  actor: Actor | null,
  identityId?: string,
): Promise<number> {
  const removed = await tx
    .delete(userIdentities)
    .where(and(eq(userIdentities.userId, userId), identityId ? eq(userIdentities.id, identityId) : undefined))
    .returning(identityColumns);
  for (const identity of removed) {
    await recordAudit(tx, actor, {
      action: 'user.identity.unlink',
      resourceType: 'user',
      resourceId: userId,
      changes: { issuer: identity.issuer, subject: identity.subject, email: identity.email },
    });
  }
  return removed.length;
}

/**
 * An administrator unlinks one identity from a user, under the user's If-Match: the way to re-link an
 * account to another identity of the same provider (docs/sso.md). The user's revision moves and their
 * sessions end, so whoever signed in through the link is signed out.
 */
export async function unlinkUserIdentity(
  db: Database,
  userId: string,
  identityId: string,
  actor: Actor,
  expectedRevision?: ExpectedRevision,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockRevisioned(tx, userRows, userId, expectedRevision);
    if ((await removeIdentityLinks(tx, userId, actor, identityId)) === 0) throw notFound('Identity');
    await tx
      .update(users)
      .set({ revision: nextRevision(users.revision) })
      .where(eq(users.id, userId));
    await deleteUserSessions(tx, userId);
  });
}
