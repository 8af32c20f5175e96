import { and, count, eq, gte, lt, min } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { loginFailures } from '../db/schema';
import { AppError } from '../errors';

/** Failed sign-ins are counted over this window... */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** ...and refused past these numbers, per account and per client address. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

/** Refuses with 429 (and Retry-After) when the account or the address failed too often lately. */
export async function assertLoginAllowed(db: Executor, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - LOGIN_WINDOW_SECONDS * 1000).toISOString();
  const checks = [
    { where: eq(loginFailures.email, email), max: MAX_FAILURES_PER_ACCOUNT, what: 'this account' },
    { where: eq(loginFailures.ip, ip), max: MAX_FAILURES_PER_ADDRESS, what: 'this address' },
  ];
  for (const check of checks) {
    const [row] = await db
      .select({ failures: count(), oldest: min(loginFailures.createdAt) })
      .from(loginFailures)
      .where(and(check.where, gte(loginFailures.createdAt, since)));
    if (row && row.failures >= check.max && row.oldest) {
      const retryAfter = Math.max(
        1,
        Math.ceil((Date.parse(row.oldest) + LOGIN_WINDOW_SECONDS * 1000 - Date.now()) / 1000),
      );
      throw new AppError(
        'RATE_LIMITED',
        `Too many failed sign-in attempts for ${check.what}. Try again later.`,
        undefined,
        {
          'retry-after': String(retryAfter),
        },
      );
    }
  }
}

export async function recordLoginFailure(db: Executor, email: string, ip: string): Promise<void> {
  const expired = new Date(Date.now() - LOGIN_WINDOW_SECONDS * 1000).toISOString();
  await db.delete(loginFailures).where(lt(loginFailures.createdAt, expired));
  await db.insert(loginFailures).values({ email, ip });
}

export async function clearLoginFailures(db: Executor, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}
