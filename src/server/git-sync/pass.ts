import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { gitLinks } from '../db/schema';
import { startPeriodicTask, type PeriodicTask } from '../periodic';
import { checkLink, type CheckOutcome } from './check';
import type { GitLinkRow } from './links';
import { GIT_LINK_LEASE_MS, type GitSyncSettings } from './settings';

/*
 * The drift pass (docs/config-as-code-git.md): every process runs one every GIT_SYNC_INTERVAL seconds
 * and claims one due link at a time with FOR UPDATE SKIP LOCKED and a lease (as the change scheduler
 * claims requests), so N processes check each link once per interval, and a link whose process died
 * mid-check is taken again once its lease runs out.
 */

/** Links one pass checks at most, so a pass never runs for long. */
const PASS_LIMIT = 20;

/** Claims one link due for a check: not claimed, and not checked within the interval. */
async function claimDue(db: Database, intervalMs: number, now: Date): Promise<GitLinkRow | undefined> {
  return db.transaction(async (tx) => {
    const dueBefore = new Date(now.getTime() - intervalMs).toISOString();
    const [row] = await tx
      .select()
      .from(gitLinks)
      .where(
        and(
          or(isNull(gitLinks.leaseUntil), lt(gitLinks.leaseUntil, now.toISOString())),
          or(isNull(gitLinks.lastCheckedAt), lt(gitLinks.lastCheckedAt, dueBefore)),
        ),
      )
      .orderBy(sql`${gitLinks.lastCheckedAt} asc nulls first`, asc(gitLinks.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return undefined;
    const leaseUntil = new Date(now.getTime() + GIT_LINK_LEASE_MS).toISOString();
    await tx.update(gitLinks).set({ leaseUntil }).where(eq(gitLinks.id, row.id));
    return { ...row, leaseUntil };
  });
}

/** Checks the due links, one claim at a time; answers what each check found. */
export async function runGitSyncPass(
  db: Database,
  options: { intervalMs: number; settings: GitSyncSettings; now?: Date },
): Promise<CheckOutcome[]> {
  const outcomes: CheckOutcome[] = [];
  // One instant for the whole pass: a link it checked is not due again within it.
  const now = options.now ?? new Date();
  while (outcomes.length < PASS_LIMIT) {
    const link = await claimDue(db, options.intervalMs, now);
    if (!link) break;
    outcomes.push(await checkLink(db, link, options.settings));
  }
  return outcomes;
}

/** Runs the pass every `intervalMs` in this process (stopped with the server). */
export function startGitSync(
  db: Database,
  options: { intervalMs: number; settings: GitSyncSettings; onError: (error: unknown) => void },
): PeriodicTask {
  // A link checked by the last pass is due again at this one, not one interval later.
  const dueMs = Math.max(options.intervalMs - 1000, 0);
  return startPeriodicTask(() => runGitSyncPass(db, { ...options, intervalMs: dueMs }), options);
}
