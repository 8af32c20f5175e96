import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { migrationsFolder } from '../../paths';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/databases';
import { insertFixtures } from '../../test/fixtures';
import { startHealthServer, type HealthServer } from '../../test/health-server';
import { capabilityDeployments, microfrontendDeployments } from '../../db/schema';
import { TEST_PROBER_SETTINGS } from '../../test/prober-settings';
import { runDueProbes } from './prober';

const SETTINGS = TEST_PROBER_SETTINGS;

/**
 * Two server processes on one PostgreSQL (two connection pools here, as two processes would have): both
 * run their passes at the same moments, and each slot's URL is still probed once per interval.
 */
describe.runIf(testDatabaseKinds().includes('postgres'))('health probes from two processes', () => {
  let first: TestDatabase;
  let second: DatabaseHandle;
  let health: HealthServer;

  beforeAll(async () => {
    first = await openTestDatabase('postgres');
    await insertFixtures(first.handle.db);
    second = await openDatabase({ kind: 'postgres', url: first.url ?? '', poolSize: 10 }, migrationsFolder());
    health = await startHealthServer();
    const { db } = first.handle;
    await db.update(microfrontendDeployments).set({ healthCheckUrl: health.url('/mfe') });
    await db.update(capabilityDeployments).set({ healthCheckUrl: health.url('/capability') });
  });
  afterAll(async () => {
    await health.close();
    await second.close();
    await first.dispose();
  });

  it('probes each URL once per interval, whichever process takes it', async () => {
    const slots = 4;
    let at = Date.now();
    for (let pass = 1; pass <= 5; pass++) {
      at += SETTINGS.intervalSeconds * 1000;
      const now = new Date(at);
      const [a, b] = await Promise.all([
        runDueProbes(first.handle.db, SETTINGS, now),
        runDueProbes(second.db, SETTINGS, now),
      ]);
      expect(a + b).toBe(slots);
      expect(health.requests()).toBe(pass * slots);
    }
  });
});
