import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { rollouts } from '../../db/schema';
import { switchSlots } from '../deployments/service';
import { capabilitySlots } from '../deployments/slots';
import { migrationsFolder } from '../../paths';
import { openTestDatabase, testDatabaseKinds } from '../../test/databases';
import { insertFixturesWithoutApprovals } from '../../test/fixtures';
import { setSlotHealth } from '../../test/slot-health';
import { runRollouts } from './runner';

const ADMIN = { id: null, email: 'runner-test@example.com' };
const UAT_GREEN = {
  resourceType: 'capability',
  resourceId: 'api-001',
  environment: 'uat',
  slot: 'green',
} as const;

/** Starts a rollout of the fixtures' api-001 in uat (green made healthy); answers its row. */
async function startRollout(db: Database, steps: number[]) {
  await setSlotHealth(db, UAT_GREEN, 'healthy');
  const progressive = { steps, analysisWindowSeconds: 60, watchWindowSeconds: 0 };
  await switchSlots(db, capabilitySlots, 'api-001', 'uat', { progressive }, ADMIN);
  const [row] = await db.select().from(rollouts);
  if (!row) throw new Error('no rollout');
  return row;
}

const readRollout = async (db: Database, id: string) =>
  (await db.select().from(rollouts).where(eq(rollouts.id, id)))[0];

/** Runs passes a minute apart, as a long-lived runner would, until the rollout ends (at most 10). */
async function runToTheEnd(db: Database, id: string, from: number): Promise<void> {
  for (let minute = 1; minute <= 10; minute += 1) {
    await runRollouts(db, new Date(from + minute * 61_000));
    if ((await readRollout(db, id))?.state === 'completed') return;
  }
}

describe('rollout runner: restart', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  /** Two openings of one database, one after the other: the embedded data directory, or PostgreSQL. */
  const reopenings: Record<string, () => Promise<() => Promise<DatabaseHandle>>> = {
    pglite: async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'rm-rollouts-'));
      cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
      return async () => {
        const handle = await openDatabase({ kind: 'pglite', dataDir }, migrationsFolder());
        await handle.migrate();
        return handle;
      };
    },
    postgres: async () => {
      const database = await openTestDatabase('postgres');
      cleanup.push(() => database.dispose());
      return async () =>
        openDatabase({ kind: 'postgres', url: database.url ?? '', poolSize: 2 }, migrationsFolder());
    },
  };

  for (const kind of testDatabaseKinds()) {
    it(`[${kind}] a rollout started by one process is completed by the next`, async () => {
      const open = await reopenings[kind]?.();
      if (!open) throw new Error(kind);
      const first = await open();
      await insertFixturesWithoutApprovals(first.db);
      const started = await startRollout(first.db, [10, 50, 100]);
      await first.close();

      const second = await open();
      try {
        await runToTheEnd(second.db, started.id, Date.parse(started.startedAt));
        const done = await readRollout(second.db, started.id);
        expect(done?.state).toBe('completed');
        expect(done?.events.map((e) => [e.kind, e.trafficPercentage])).toEqual([
          ['started', 0],
          ['step', 10],
          ['step', 50],
          ['step', 100],
          ['completed', 100],
        ]);
      } finally {
        await second.close();
      }
    });
  }
});

describe.runIf(testDatabaseKinds().includes('postgres'))('rollout runner: two processes', () => {
  it('two runners racing over one due rollout advance it once per step', async () => {
    const database = await openTestDatabase('postgres');
    const other = await openDatabase(
      { kind: 'postgres', url: database.url ?? '', poolSize: 2 },
      migrationsFolder(),
    );
    try {
      const db = database.handle.db;
      await insertFixturesWithoutApprovals(db);
      const started = await startRollout(db, [10, 20, 30, 40, 100]);
      const t0 = Date.parse(started.startedAt);
      for (let step = 1; step <= 4; step += 1) {
        const due = new Date(t0 + step * 60_000);
        const moved = await Promise.all([runRollouts(db, due), runRollouts(other.db, due)]);
        expect(moved[0] + moved[1], `step ${step}`).toBe(1);
        const row = await readRollout(db, started.id);
        expect(row?.stepIndex).toBe(step);
        expect(row?.events.filter((e) => e.kind === 'step')).toHaveLength(step + 1);
      }
      expect((await readRollout(db, started.id))?.state).toBe('completed');
    } finally {
      await other.close();
      await database.dispose();
    }
  });
});
