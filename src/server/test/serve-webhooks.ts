/**
 * A webhook delivery process on an already migrated PostgreSQL database, for the fault tests
 * (webhooks/webhook-faults.test.ts): `node --import tsx src/server/test/serve-webhooks.ts` with
 * DATABASE_URL set. Passes every 50 ms with short retries and lease, loopback receivers allowed. Prints
 * `delivering` once it runs; the test kills it with SIGKILL, as a crash would.
 */
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { openResourceTypes } from '../events/visibility';
import { migrationsFolder } from '../paths';
import { startWebhookDelivery } from '../webhooks/worker';
import { TEST_PROBER_SETTINGS } from './prober-settings';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');

const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 }, migrationsFolder());
const app = await buildApp({ database });
await app.ready();
const openTypes = openResourceTypes(app.routeTable);
startWebhookDelivery(
  database.db,
  {
    timeoutMs: 1000,
    allowance: TEST_PROBER_SETTINGS.allowance,
    publicUrl: 'http://console.test',
    retryBaseMs: 50,
    retryForMs: 3600_000,
    leaseMs: 3000,
    openTypes: () => openTypes,
  },
  { intervalMs: 50, onError: (error) => process.stderr.write(`webhooks: ${String(error)}\n`) },
);
process.stdout.write('delivering\n');
