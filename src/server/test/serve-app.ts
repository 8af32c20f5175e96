/**
 * A bare API server on an already migrated PostgreSQL database, for tests that need several server
 * processes on one database: `node --import tsx src/server/test/serve-app.ts` with DATABASE_URL set.
 * Prints `listening <port>` once it accepts connections; SIGTERM closes it. With METRICS_PORT set (0: any
 * free port) it also serves the metrics and prints `metrics <port>` first (scripts/bench-events.ts).
 */
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { startMetricsServer } from '../http/metrics-server';
import { migrationsFolder } from '../paths';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set');

const database = await openDatabase({ kind: 'postgres', url, poolSize: 10 }, migrationsFolder());
const app = await buildApp({ database });
const metricsPort = process.env.METRICS_PORT;
if (metricsPort !== undefined) {
  const metrics = await startMetricsServer(app.metrics, { port: Number(metricsPort), host: '127.0.0.1' });
  process.stdout.write(`metrics ${metrics.port}\n`);
}
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);

process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
