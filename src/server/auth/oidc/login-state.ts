import { createHash, randomBytes } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { oidcLoginStates } from '../../db/schema';
import type { AuthorizationChecks } from './client';

/** The cookie binding a sign-in in flight to the browser that started it. */
export const LOGIN_STATE_COOKIE = 'rm_oidc';

/** Minutes a person has to finish signing in at the provider. */
export const LOGIN_STATE_TTL_SECONDS = 10 * 60;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface LoginState extends AuthorizationChecks {
  returnTo: string;
}

/** Stores a sign-in in flight and returns the cookie token naming it (only its hash is stored). */
export async function saveLoginState(db: Executor, state: LoginState): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  // Sign-ins abandoned at the provider leave rows behind: each new one sweeps the expired ones.
  await db.delete(oidcLoginStates).where(lt(oidcLoginStates.expiresAt, new Date(now).toISOString()));
  await db.insert(oidcLoginStates).values({
    id: hash(token),
    ...state,
    expiresAt: new Date(now + LOGIN_STATE_TTL_SECONDS * 1000).toISOString(),
  });
  return token;
}

/** Takes the sign-in in flight named by the cookie token: one use only, and only before it expires. */
export async function takeLoginState(db: Executor, token: string): Promise<LoginState | undefined> {
  const [row] = await db
    .delete(oidcLoginStates)
    .where(eq(oidcLoginStates.id, hash(token)))
    .returning();
  if (!row || Date.parse(row.expiresAt) <= Date.now()) return undefined;
  return { state: row.state, nonce: row.nonce, codeVerifier: row.codeVerifier, returnTo: row.returnTo };
}

const SAME_SITE = 'http://same.invalid';

/**
 * Where to land after signing in: a path of this site only ("/tenants?x=1"). Anything else (another
 * origin, "//evil", "/\\evil", a scheme) becomes "/", so the sign-in cannot be used as an open redirect.
 * The check is on the path as resolved ("/.//evil", "/a/..//evil" and "/%2e%2e//evil" all resolve to
 * "//evil"): a browser reads a Location that starts with two slashes as another host.
 */
export function safeReturnTo(value: string | undefined): string {
  if (!value || value.length > 2000 || !value.startsWith('/') || value.includes('\\')) return '/';
  // Control characters (a header split, a tab the URL parser would drop) are never part of a path.
  if ([...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return '/';
  const resolved = new URL(value, SAME_SITE);
  if (resolved.origin !== SAME_SITE) return '/';
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // Exactly one leading slash: never "//" nor "/\\" once resolved.
  return /^\/(?![/\\])/.test(path) ? path : '/';
}
