import { hash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { readPrepared } from '../db/pg-direct';
import { preparedPerDatabase } from '../db/prepared';
import { sessions, users } from '../db/schema';
import { publicUserColumns } from './user-columns';
import { passwordSessionAllowed, type PasswordLoginPolicy } from './password-login';
import { activeTenantRoles } from './viewer';

export const SESSION_COOKIE = 'rm_session';

export interface SessionPolicy {
  /** Seconds without a request before the session ends. */
  idleSeconds: number;
  /** Seconds after sign-in before the session ends regardless. */
  absoluteSeconds: number;
}

export const DEFAULT_SESSION_POLICY: SessionPolicy = {
  idleSeconds: 8 * 3600,
  absoluteSeconds: 7 * 24 * 3600,
};

/** lastSeenAt is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

// One-shot hashing: every request hashes its cookie, and a Hash object per call cost three times as much.
const hashToken = (token: string) => hash('sha256', token, 'hex');

/** Creates a session and returns the cookie token; only its hash is stored. */
export async function createSession(
  db: Executor,
  userId: string,
  policy: SessionPolicy,
  meta: { ip?: string; userAgent?: string; idToken?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    lastSeenAt: new Date(now).toISOString(),
    expiresAt: new Date(now + policy.absoluteSeconds * 1000).toISOString(),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500),
    idToken: meta.idToken,
  });
  return token;
}

/** The read that finds who is asking with a cookie (db/prepared.ts). */
const sessionRead = preparedPerDatabase((db) =>
  db
    .select({
      user: publicUserColumns,
      roles: activeTenantRoles(users.id),
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      // An SSO sign-in always keeps the provider's ID token (the client requires one); a password one never.
      byPassword: sql<boolean>`${sessions.idToken} is null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('resolve_session'),
);

/**
 * The user behind a cookie token, or undefined when the session is unknown, expired (idle or absolute),
 * its user is disabled, or it came from a password sign-in that PASSWORD_LOGIN no longer allows. Read on
 * every request, so a changed role or a disabled user counts at once; the user's tenant roles come in
 * the same statement (a write follows only when the session is due a renewal or has ended).
 */
export async function resolveSession(
  db: Executor,
  token: string,
  policy: SessionPolicy,
  options: {
    /** false: a check that is not the user's activity (a live stream's), so the idle clock keeps running. */
    touch?: boolean;
    /** PASSWORD_LOGIN in force; absent: every password session may go on. */
    passwordLogin?: PasswordLoginPolicy;
  } = {},
) {
  const { touch = true, passwordLogin } = options;
  const id = hashToken(token);
  const [row] = await readPrepared(sessionRead(db), { id });
  if (!row) return undefined;
  const now = Date.now();
  const lastSeen = Date.parse(row.lastSeenAt);
  const passwordRefused =
    row.byPassword && passwordLogin !== undefined && !passwordSessionAllowed(passwordLogin, row.user);
  if (passwordRefused || now >= Date.parse(row.expiresAt) || now - lastSeen >= policy.idleSeconds * 1000) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return undefined;
  }
  if (row.user.status !== 'active') return undefined;
  if (touch && now - lastSeen >= TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now).toISOString() })
      .where(eq(sessions.id, id));
  }
  return { sessionId: id, user: row.user, roles: row.roles };
}

/** Ends a session; answers the ID token it kept (an SSO sign-in's), for the provider's end-session URL. */
export async function deleteSession(
  db: Executor,
  token: string,
): Promise<{ idToken: string | null } | undefined> {
  const [deleted] = await db
    .delete(sessions)
    .where(eq(sessions.id, hashToken(token)))
    .returning({ idToken: sessions.idToken });
  return deleted;
}

export async function deleteUserSessions(db: Executor, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
