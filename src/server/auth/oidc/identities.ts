import { and, asc, eq, isNull } from 'drizzle-orm';
import type { UserIdentity } from '../../../contract/users';
import { recordAudit } from '../../audit/service';
import type { Database, Executor } from '../../db/client';
import { userIdentities, users } from '../../db/schema';
import { notFound } from '../../errors';
import { lockRevisioned } from '../../revisioned-rows';
import { nextRevision, type ExpectedRevision } from '../../revisions';
import { endCredentials } from '../credentials';
import { userRows } from '../user-columns';
import type { Actor } from '../viewer';

const identityColumns = {
  id: userIdentities.id,
  issuer: userIdentities.issuer,
  subject: userIdentities.subject,
  email: userIdentities.email,
  linkedAt: userIdentities.linkedAt,
  unlinkedAt: userIdentities.unlinkedAt,
};

/** The provider identities linked to the user, unlinked ones too, oldest link first (404 when no such user). */
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
 * Unlinks identities of the user (all of them, or the one `identityId` names), each audited as
 * `user.identity.unlink`; answers how many. The rows stay, marked, so that such an identity is refused
 * from then on (oidc/accounts.ts): a link removed because the wrong person held it must not come back
 * at that person's next sign-in by the same address.
 */
export async function unlinkIdentities(
  tx: Executor,
  userId: string,
  actor: Actor | null,
  identityId?: string,
): Promise<number> {
  const unlinked = await tx
    .update(userIdentities)
    .set({ unlinkedAt: new Date().toISOString() })
    .where(
      and(
        eq(userIdentities.userId, userId),
        isNull(userIdentities.unlinkedAt),
        identityId ? eq(userIdentities.id, identityId) : undefined,
      ),
    )
    .returning(identityColumns);
  for (const identity of unlinked) {
    await recordAudit(tx, actor, {
      action: 'user.identity.unlink',
      resourceType: 'user',
      resourceId: userId,
      changes: { issuer: identity.issuer, subject: identity.subject, email: identity.email },
    });
  }
  return unlinked.length;
}

/**
 * An administrator unlinks one identity from a user, under the user's If-Match: the way to link an
 * account to another identity of the same provider, or to shut out one linked by mistake (docs/sso.md).
 * The user's revision moves by one, and their credentials end (sessions, tokens, subscriptions): whoever
 * signed in through the link may have made them.
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
    if ((await unlinkIdentities(tx, userId, actor, identityId)) === 0) throw notFound('Linked identity');
    await tx
      .update(users)
      .set({ revision: nextRevision(users.revision) })
      .where(eq(users.id, userId));
    await endCredentials(tx, userId, actor, 'identity unlinked');
  });
}
