import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rollouts } from '../../db/schema';
import { startPeriodicTask, type PeriodicTask } from '../../periodic';
import { isActive } from './model';
import { advance } from './transitions';

/**
 * One pass over the active rollouts, one short transaction each (docs/rollouts.md). Each row is claimed
 * FOR UPDATE SKIP LOCKED: several server processes on one database each take different rollouts, never
 * the same one at once, and the state written in the same transaction as the traffic means a step
 * happens once. The database is the whole state: a restarted process picks up where any left off.
 * Answers how many rollouts moved.
 */
export async function runRollouts(db: Database, now: Date = new Date()): Promise<number> {
  const candidates = await db
    .select({ id: rollouts.id })
    .from(rollouts)
    .where(isActive)
    .orderBy(asc(rollouts.startedAt), asc(rollouts.id));
  let moved = 0;
  for (const { id } of candidates) {
    const changed = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(rollouts)
        .where(and(eq(rollouts.id, id), isActive))
        .for('update', { skipLocked: true });
      // Taken by another process this moment, or ended since the list was read.
      if (!row) return false;
      return (await advance(tx, row, now)) !== row;
    });
    if (changed) moved += 1;
  }
  return moved;
}

/** Runs runRollouts every `intervalMs` in this process; a failed pass is reported and retried. */
export function startRolloutRunner(
  db: Database,
  options: { intervalMs: number; onError: (error: unknown) => void },
): PeriodicTask {
  return startPeriodicTask(() => runRollouts(db), options);
}
