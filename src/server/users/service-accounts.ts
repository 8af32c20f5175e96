import { eq } from 'drizzle-orm';
import { SERVICE_ACCOUNT_EMAIL_DOMAIN, type ServiceAccountInput, type User } from '../../contract/users';
import { recordCreated } from '../audit/service';
import type { Actor } from '../auth/viewer';
import type { Database, Executor } from '../db/client';
import { users } from '../db/schema';
import { conflict } from '../errors';
import { refusingDuplicates } from '../unique-violation';
import { publicUserColumns } from '../auth/user-columns';

/** "Deploy Bot" -> "deploy-bot@service-accounts.invalid": one address per name, never deliverable. */
export function serviceAccountEmail(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'service'}@${SERVICE_ACCOUNT_EMAIL_DOMAIN}`;
}

/**
 * Adds a service account: a user with no password (the database refuses one for it) that signs in
 * neither with a password nor with SSO; it acts only through API tokens an administrator makes for it.
 */
export async function createServiceAccount(
  db: Database,
  input: ServiceAccountInput,
  actor: Actor,
): Promise<User> {
  const email = serviceAccountEmail(input.name);
  const duplicate = () => conflict('A service account with this name already exists');
  return refusingDuplicates(
    () =>
      db.transaction(async (tx) => {
        const inserted = await tx
          .insert(users)
          .values({
            name: input.name,
            email,
            globalRole: input.globalRole ?? 'user',
            kind: 'service',
            // Its maker stands behind what its tokens file (docs/changes.md, four eyes).
            createdById: actor.id,
          })
          .returning(publicUserColumns);
        return recordCreated(tx, actor, inserted, {
          action: 'user.create',
          resourceType: 'user',
        });
      }),
    duplicate,
  );
}

/** A user without the password hash, or undefined. */
export async function findPublicUser(db: Executor, id: string): Promise<User | undefined> {
  const [user] = await db.select(publicUserColumns).from(users).where(eq(users.id, id));
  return user;
}
