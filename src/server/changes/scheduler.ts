import { and, asc, eq, lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { changeRequests } from '../db/schema';
import { startPeriodicTask, type PeriodicTask } from '../periodic';
import { applyOrRecordFailure, SCHEDULER_ACTOR } from './apply';

/** Requests one pass applies at most, so a backlog never holds one transaction long. */
const PASS_LIMIT = 20;

/**
 * Applies the scheduled requests that are due, one transaction each. The claim is a row lock taken with
 * SKIP LOCKED: several server processes on one database each take different due requests, never the
 * same one, and the status written in the same transaction as the change means a request applies
 * exactly once (docs/changes.md). Answers how many it applied or recorded as failed.
 */
export async function runDueChanges(db: Database, now: Date = new Date()): Promise<number> {
  let handled = 0;
  while (handled < PASS_LIMIT) {
    const claimed = await db.transaction(async (tx) => {
      const [request] = await tx
        .select()
        .from(changeRequests)
        .where(
          and(eq(changeRequests.status, 'scheduled'), lte(changeRequests.scheduledAt, now.toISOString())),
        )
        .orderBy(asc(changeRequests.scheduledAt), asc(changeRequests.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!request) return false;
      await applyOrRecordFailure(tx, request, SCHEDULER_ACTOR, 'schedule');
      return true;
    });
    if (!claimed) break;
    handled += 1;
  }
  return handled;
}

export interface ChangeScheduler extends PeriodicTask {
  startedAt: Date;
  /** When the last pass finished without error (the metrics' scheduler lag); undefined before one has. */
  lastPassCompletedAt(): Date | undefined;
}

/**
 * Runs runDueChanges every `intervalMs` in this process. The database is the only record of what is
 * due, so a restart or a second process loses nothing; a pass that fails (the database is down) is
 * logged and the next one tries again.
 */
export function startChangeScheduler(
  db: Database,
  options: { intervalMs: number; onError: (error: unknown) => void },
): ChangeScheduler {
  let lastPassCompletedAt: Date | undefined;
  const task = startPeriodicTask(async () => {
    await runDueChanges(db);
    lastPassCompletedAt = new Date();
  }, options);
  return { ...task, startedAt: new Date(), lastPassCompletedAt: () => lastPassCompletedAt };
}
