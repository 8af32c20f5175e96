import { eq, sql } from 'drizzle-orm';
import { SERVICE_ACCOUNT_EMAIL_DOMAIN, type User } from '../../contract/users';
import { recordCreated, SYSTEM_ACTOR } from '../audit/service';
import { publicUserColumns } from '../auth/user-columns';
import type { Viewer } from '../auth/viewer';
import type { Executor } from '../db/client';
import { users } from '../db/schema';

/*
 * Sync mode files a Git commit as a release requested by this service account (docs/config-as-code-git.md):
 * one more requester under the same approval policies and four-eyes rules. It has no password and no
 * token, so it never signs in; its rights exist only in the viewer the pass builds for one link.
 */

export const GIT_SYNC_EMAIL = `git-sync@${SERVICE_ACCOUNT_EMAIL_DOMAIN}`;
const NAME = 'Git sync';

/** The Git sync service account, made on first use (two processes at once make one). */
export async function gitSyncUser(db: Executor): Promise<User> {
  const find = async () =>
    (
      await db
        .select(publicUserColumns)
        .from(users)
        .where(eq(sql`lower(${users.email})`, GIT_SYNC_EMAIL))
    )[0];
  const existing = await find();
  if (existing) return existing;
  const inserted = await db
    .insert(users)
    .values({ name: NAME, email: GIT_SYNC_EMAIL, kind: 'service' })
    .onConflictDoNothing()
    .returning(publicUserColumns);
  if (inserted.length > 0)
    return recordCreated(db, SYSTEM_ACTOR, inserted, { action: 'user.create', resourceType: 'user' });
  const made = await find();
  if (!made) throw new Error('The Git sync service account could not be made');
  return made;
}

/**
 * The service account as it acts for one link: a requester on that link's tenant (or, for the
 * platform's link, on the platform) and nowhere else. It files; the approval policy decides.
 */
export function gitSyncViewer(user: User, tenantId: string | null): Viewer {
  return {
    user,
    sessionId: `git-sync:${tenantId ?? 'platform'}`,
    isAdmin: tenantId === null,
    roles: new Map(tenantId === null ? [] : [[tenantId, 'owner']]),
  };
}
