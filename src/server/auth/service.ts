import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { INVALID_CREDENTIALS_MESSAGE, type LoginBody, type Me } from '../../contract/auth';
import { SERVICE_ACCOUNT_NO_SIGN_IN_MESSAGE } from '../../contract/users';
import { recordAudit } from '../audit/service';
import type { Database, Transaction } from '../db/client';
import { users } from '../db/schema';
import { AppError, conflict, notFound } from '../errors';
import { nextRevision } from '../revisions';
import { endCredentials } from './credentials';
import { unlinkIdentities } from './oidc/identities';
import { assertPasswordLoginAllowed, type PasswordLoginPolicy } from './password-login';
import { hashPassword, verifyPassword } from './passwords';
import { beginLoginAttempt, recordLoginSuccess } from './rate-limit';
import { createSession, deleteSession, deleteUserSessions, type SessionPolicy } from './sessions';
import { loadViewer, toMe, type Actor } from './viewer';

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.trim().toLowerCase());

/**
 * Signs in: counts the attempt before evaluating the password (so parallel guesses cannot exceed the
 * limit; 429 beyond it, even for the right password), answers one message for every wrong pair (never
 * which part was wrong), and on success replaces any previous session of this browser with a new one.
 */
export async function login(
  db: Database,
  credentials: LoginBody,
  context: {
    ip: string;
    userAgent?: string;
    previousToken?: string;
    policy: SessionPolicy;
    passwordLogin?: PasswordLoginPolicy;
  },
): Promise<{ token: string; me: Me }> {
  const email = credentials.email.trim().toLowerCase();
  if (context.passwordLogin) assertPasswordLoginAllowed(context.passwordLogin, email);
  await beginLoginAttempt(db, email, context.ip);
  const [user] = await db.select().from(users).where(byEmail(email));
  const valid = await verifyPassword(user?.passwordHash, credentials.password);
  if (!user || !valid || user.status !== 'active') {
    // The attempt already counts as a failure; only the audit event is left to write.
    await recordAudit(
      db,
      { id: user?.id ?? null, email, ip: context.ip },
      { action: 'auth.login_failed', resourceType: 'session' },
    );
    throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS_MESSAGE);
  }
  if (context.passwordLogin) assertPasswordLoginAllowed(context.passwordLogin, email, user);
  const { passwordHash: _hash, ...publicUser } = user;
  return db.transaction((tx) => startSession(tx, publicUser, { ...context, method: 'password' }));
}

/** A user's public columns, as sessions and the viewer read them. */
type SessionUser = Parameters<typeof loadViewer>[1];

/**
 * After a successful sign-in, by password or by SSO: replaces this browser's previous session with a
 * new one, stamps lastLoginAt and audits `auth.login` with the method. Run inside the sign-in's transaction.
 */
export async function startSession(
  tx: Transaction,
  user: SessionUser,
  context: {
    ip: string;
    userAgent?: string;
    previousToken?: string;
    policy: SessionPolicy;
    method: 'password' | 'sso';
    idToken?: string;
  },
): Promise<{ token: string; me: Me }> {
  if (context.previousToken) await deleteSession(tx, context.previousToken);
  if (context.method === 'password') await recordLoginSuccess(tx, user.email.toLowerCase(), context.ip);
  const token = await createSession(tx, user.id, context.policy, context);
  const lastLoginAt = new Date().toISOString();
  // The user a read answers shows lastLoginAt: its revision (and ETag) moves on with it (ADR 007).
  const [stamped] = await tx
    .update(users)
    .set({ lastLoginAt, revision: nextRevision(users.revision) })
    .where(eq(users.id, user.id))
    .returning({ revision: users.revision });
  await recordAudit(
    tx,
    { id: user.id, email: user.email, ip: context.ip },
    {
      action: 'auth.login',
      resourceType: 'session',
      resourceId: user.id,
      ...(context.method === 'sso' ? { changes: { method: 'sso' } } : {}),
    },
  );
  const viewer = await loadViewer(
    tx,
    { ...user, lastLoginAt, revision: stamped?.revision ?? user.revision },
    token,
  );
  return { token, me: toMe(viewer) };
}

/** Ends the session; answers the provider's ID token when it came from an SSO sign-in. */
export async function logout(db: Database, token: string, actor: Actor): Promise<{ idToken: string | null }> {
  return db.transaction(async (tx) => {
    const ended = await deleteSession(tx, token);
    await recordAudit(tx, actor, { action: 'auth.logout', resourceType: 'session', resourceId: actor.id });
    return { idToken: ended?.idToken ?? null };
  });
}

/** An administrator sets (or resets) a user's password; the user's open sessions end, and on a reset their tokens. */
export async function setUserPassword(
  db: Database,
  userId: string,
  password: string,
  actor: Actor,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ kind: users.kind }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound('User');
    if (user.kind === 'service') throw conflict(SERVICE_ACCOUNT_NO_SIGN_IN_MESSAGE);
    // Who knows the password now, for four eyes (docs/changes.md). A user setting their own keeps the
    // last setter: whoever knew the old password could have signed in as them and set it.
    const setBy = actor.id === userId ? {} : { passwordSetById: actor.id };
    await tx
      .update(users)
      .set({ passwordHash, ...setBy })
      .where(eq(users.id, userId));
    // A reset by someone else ends the tokens too; one's own new password keeps them.
    if (actor.id === userId) await deleteUserSessions(tx, userId);
    else await endCredentials(tx, userId, actor, 'password reset');
    await recordAudit(tx, actor, {
      action: 'user.password_set',
      resourceType: 'user',
      resourceId: userId,
      changes: { password: 'changed' },
    });
  });
}

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/**
 * Makes sure someone can sign in: when no active administrator has a password, makes ADMIN_EMAIL (or
 * admin@example.com) an administrator with ADMIN_PASSWORD, or a generated password returned to print once.
 * An existing account is enabled again with its single sign-on identities unlinked and its credentials
 * ended.
 */
export async function ensureFirstAdmin(
  database: Database,
  options: { email?: string; password?: string },
): Promise<{ email: string; generatedPassword?: string } | undefined> {
  // One transaction: a crash half-way must not leave an enabled account with its old links and sessions.
  return database.transaction((db) => firstAdmin(db, options));
}

async function firstAdmin(
  db: Transaction,
  options: { email?: string; password?: string },
): Promise<{ email: string; generatedPassword?: string } | undefined> {
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(
      sql`${users.globalRole} = 'admin' and ${users.passwordHash} is not null and ${users.status} = 'active'`,
    )
    .limit(1);
  if (admins.length > 0) return undefined;
  const email = (options.email ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  const generatedPassword = options.password ? undefined : randomBytes(18).toString('base64url');
  const passwordHash = await hashPassword(options.password ?? generatedPassword ?? '');
  const [existing] = await db.select({ id: users.id }).from(users).where(byEmail(email));
  if (existing) {
    await db
      .update(users)
      .set({
        passwordHash,
        passwordSetById: null,
        globalRole: 'admin',
        status: 'active',
        revision: nextRevision(users.revision),
      })
      .where(eq(users.id, existing.id));
    // The recovery hands the account to whoever holds ADMIN_PASSWORD alone, not to an identity-provider
    // account linked to it before, nor to a session or token made through one: that link may be why it
    // was disabled (docs/sso.md, "Break glass").
    await unlinkIdentities(db, existing.id, null);
    await endCredentials(db, existing.id, null, 'break-glass recovery');
  } else {
    await db.insert(users).values({ email, name: 'Administrator', globalRole: 'admin', passwordHash });
  }
  await recordAudit(db, null, {
    action: 'user.first_admin',
    resourceType: 'user',
    resourceId: email,
    changes: { email },
  });
  return { email, generatedPassword };
}
