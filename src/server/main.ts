import { buildApp } from './app';
import { openDatabase, type DatabaseHandle } from './db/client';
import { lockDataDir, type DataDirLock } from './db/data-dir-lock';
import { seedDemoData } from './db/demo-data';
import { EnvError, parseEnv, type Env } from './env';
import { clientDir, migrationsFolder, projectRoot } from './paths';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function start(env: Env): Promise<void> {
  const root = projectRoot();
  const embedded = !env.DATABASE_URL;
  let lock: DataDirLock | undefined;
  let database: DatabaseHandle | undefined;
  try {
    lock = embedded ? lockDataDir(env.DATA_DIR) : undefined;
    database = await openDatabase(
      env.DATABASE_URL
        ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
        : { kind: 'pglite', dataDir: env.DATA_DIR },
      migrationsFolder(root),
    );
    await database.migrate();
    if (env.SEED_DEMO) await seedDemoData(database.db);
  } catch (error) {
    await database?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }

  const app = await buildApp({
    database,
    clientDir: clientDir(root),
    logger: {
      level: env.LOG_LEVEL,
      // Never log credentials or session cookies.
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: draining in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT * 1000);
    timer.unref();
    try {
      await app.close();
      await database.close();
    } finally {
      lock?.release();
    }
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  app.log.info(
    { database: database.kind, dataDir: embedded ? env.DATA_DIR : undefined, port },
    `Resource Manager listening on http://localhost:${port}`,
  );
}

let env: Env;
try {
  env = parseEnv();
} catch (error) {
  fail(error instanceof EnvError ? error.message : String(error));
}
start(env).catch((error: unknown) => fail(`Failed to start: ${error instanceof Error ? error.message : String(error)}`));
