import { and, count, eq, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { loginFailures } from '../db/schema';
import { AppError } from '../errors';

/** Sign-in attempts are counted over this window... */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** ...and refused past these numbers, per account and per client address. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

/**
 * Advisory lock classes (the two-key form, apart from the one-key locks used elsewhere): the second
 * key is hashtext() of the account's email or the client's address. Attempts on one account, and from
 * one address, are counted one after the other, so parallel guesses cannot all read "under the limit".
 */
const ACCOUNT_LOCK_CLASS = 727_101;
const ADDRESS_LOCK_CLASS = 727_102;

const WINDOW = sql.raw(`interval '${LOGIN_WINDOW_SECONDS} seconds'`);
/** Database time throughout: several servers (or a remote database) need not agree on the clock. */
const inWindow = gt(loginFailures.createdAt, sql`now() - ${WINDOW}`);
/** At most this many expired rows are swept per attempt: the sweep never makes one sign-in slow. */
const SWEEP_BATCH = 500;

/**
 * Always the account first, then the address: a transaction holds at most one lock of each class and
 * never waits for an account lock while holding an address lock, so two attempts cannot deadlock.
 */
async function lockAccountAndAddress(tx: Transaction, email: string, ip: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ACCOUNT_LOCK_CLASS}, hashtext(${email}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${ADDRESS_LOCK_CLASS}, hashtext(${ip}))`);
}

/** Deletes expired rows that no other transaction is touching (SKIP LOCKED: the sweep never waits). */
async function sweepExpired(tx: Transaction): Promise<void> {
  const expired = tx
    .select({ id: loginFailures.id })
    .from(loginFailures)
    .where(sql`${loginFailures.createdAt} <= now() - ${WINDOW}`)
    .limit(SWEEP_BATCH)
    .for('update', { skipLocked: true });
  await tx.delete(loginFailures).where(inArray(loginFailures.id, expired));
}

async function assertUnder(tx: Transaction, where: SQL, max: number, what: string): Promise<void> {
  const [row] = await tx
    .select({
      attempts: count(),
      // Seconds until the oldest counted attempt leaves the window, i.e. until one more is allowed.
      retryAfter: sql<number>`ceil(extract(epoch from min(${loginFailures.createdAt}) + ${WINDOW} - now()))`,
    })
    .from(loginFailures)
    .where(and(where, inWindow));
  if (row && row.attempts >= max) {
    const retryAfter = Math.max(1, Number(row.retryAfter) || LOGIN_WINDOW_SECONDS);
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed sign-in attempts for ${what}. Try again later.`,
      undefined,
      { 'retry-after': String(retryAfter) },
    );
  }
}

/**
 * Counts a sign-in attempt BEFORE its password is evaluated: under the account and address locks,
 * refuses with 429 (and Retry-After) when either is at its limit, otherwise records the attempt as a
 * failure and returns its id. The caller removes it with `recordLoginSuccess` if the password was
 * right; a wrong password, an unknown account or a crash leaves it counted. So however many requests
 * arrive at once, at most the limit of them ever reach the password check.
 */
export async function beginLoginAttempt(db: Database, email: string, ip: string): Promise<string> {
  return db.transaction(async (tx) => {
    await lockAccountAndAddress(tx, email, ip);
    await sweepExpired(tx);
    await assertUnder(tx, eq(loginFailures.email, email), MAX_FAILURES_PER_ACCOUNT, 'this account');
    await assertUnder(tx, eq(loginFailures.ip, ip), MAX_FAILURES_PER_ADDRESS, 'this address');
    const [attempt] = await tx
      .insert(loginFailures)
      .values({ email, ip })
      .returning({ id: loginFailures.id });
    if (!attempt) throw new Error('login attempt not recorded');
    return attempt.id;
  });
}

/**
 * A right password: the account starts over. This address's attempts on the account are deleted
 * (its own attempt included); other addresses' failures on it stop counting against the account but
 * keep counting against their addresses, so one person's sign-in never refills a guesser's budget
 * elsewhere.
 */
export async function recordLoginSuccess(tx: Transaction, email: string, ip: string): Promise<void> {
  await lockAccountAndAddress(tx, email, ip);
  await tx.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.ip, ip)));
  // An empty email matches no account: sign-in refuses an empty one before it is ever counted.
  await tx
    .update(loginFailures)
    .set({ email: '' })
    .where(and(eq(loginFailures.email, email), ne(loginFailures.ip, ip)));
}
