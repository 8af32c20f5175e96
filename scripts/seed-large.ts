// `npm run seed:large`: writes the large data set (10,000 tenants, 10,000 users with profiles, 100 capabilities,
// 100,000 configuration versions, 200,000 audit events, 50,000 closed change requests) into a fresh database, for benchmarks and trials at scale.
// Uses DATABASE_URL when set, else the embedded database under DATA_DIR (default ./data; the server must be stopped).
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { lockDataDir, type DataDirLock } from '../src/server/db/data-dir-lock';
import { seedLargeData } from '../src/server/db/large-data';
import { readEnv } from '../src/server/env';
import { migrationsFolder } from '../src/server/paths';

const env = await readEnv();
const SEED_TIMEOUT_MS = 30 * 60_000;
let lock: DataDirLock | undefined;
let database: DatabaseHandle | undefined;
try {
  lock = env.DATABASE_URL ? undefined : await lockDataDir(env.DATA_DIR);
  database = await openDatabase(
    env.DATABASE_URL
      ? // A bulk load, not a request: its transactions write for minutes and sit idle while the next batch is
        // generated, which the request timeouts would cut.
        {
          kind: 'postgres',
          url: env.DATABASE_URL,
          timeouts: { statementMs: SEED_TIMEOUT_MS, idleInTransactionMs: SEED_TIMEOUT_MS },
        }
      : { kind: 'pglite', dataDir: env.DATA_DIR },
    migrationsFolder(),
  );
  await database.migrate();
  const where = env.DATABASE_URL ? new URL(env.DATABASE_URL).pathname.slice(1) : env.DATA_DIR;
  process.stdout.write(`Writing the large data set into ${where}...\n`);
  const result = await seedLargeData(database.db);
  const { sizes } = result;
  process.stdout.write(
    `Wrote ${sizes.tenants} tenants, ${sizes.users} users with ${result.profiles} profiles, ${sizes.capabilities} capabilities, ` +
      `${result.subscriptions} subscriptions, ${sizes.configurationVersions} configuration versions and ` +
      `${sizes.auditEvents} audit events and ${sizes.changeRequests} change requests in ${(result.milliseconds / 1000).toFixed(1)} s.\n`,
  );
} catch (error) {
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  process.stderr.write(
    `seed:large failed: ${error instanceof Error ? error.message : String(error)}${cause}\n`,
  );
  process.exitCode = 1;
} finally {
  await database?.close();
  lock?.release();
}
