import { buildApp, type App } from './app';
import { signInOptionsOf } from './auth/oidc/config';
import { ensureFirstAdmin } from './auth/service';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openDatabase, type Database, type DatabaseHandle, type DatabaseTarget } from './db/client';
import { isDatabaseUnavailable } from './db/faults';
import { lockDataDir, type DataDirLock } from './db/data-dir-lock';
import { looseModesWarning, prepareDataDir } from './db/data-dir-modes';
import { seedDemoData } from './demo/demo-data';
import { createDataDirInChild } from './fresh-data-dir';
import { startChangeScheduler } from './changes/scheduler';
import { startRolloutRunner } from './delivery/rollouts/runner';
import { PROBER_PASS_MS, proberSettingsOf, startProber } from './delivery/probes/prober';
import { openResourceTypes } from './events/visibility';
import { webhookSettingsOf } from './webhooks/deliveries';
import { startGitSync } from './git-sync/pass';
import { gitSyncSettingsOf } from './git-sync/settings';
import { RETENTION_PASS_MS, startAuditRetention } from './audit/purge';
import { startWebhookDelivery, WEBHOOK_PASS_MS, WEBHOOK_RETRIES } from './webhooks/worker';
import { EnvError, readEnv, type Env } from './env';
import { startEmailIfConfigured } from './email/start-email';
import { startIdempotencySweeper } from './idempotency/idempotency-store';
import type { PeriodicTask } from './periodic';
import { loggerOptions, serializeError, type SerializedError } from './http/logging';
import { startMetricsServer, type MetricsServer } from './http/metrics-server';
import { clientDir, migrationsFolder, projectRoot, serverRenderDir } from './paths';
import { maskRecordedSecrets } from './audit/mask-secrets';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** Printed once, on the start that created the administrator; the password is stored only as a hash. */
function announceFirstAdmin({
  email,
  generatedPassword,
}: {
  email: string;
  generatedPassword?: string;
}): void {
  const lines = generatedPassword
    ? [`First administrator created: ${email}`, `Password (shown only this once): ${generatedPassword}`]
    : [`First administrator created: ${email} (password from ADMIN_PASSWORD)`];
  process.stdout.write(`\n${lines.map((line) => `  ${line}`).join('\n')}\n\n`);
}

/** Until the app's logger exists, warnings go to stderr as one JSON line, scrubbed like the logger's. */
let warn = (error: unknown, message: string): void => {
  const err = error === undefined ? undefined : serializeError(error);
  process.stderr.write(`${JSON.stringify({ level: 40, msg: message, err })}\n`);
};

/**
 * Keeps the process alive through errors nobody awaited: a database connection lost outside a request is
 * logged and the pool reconnects. Any other uncaught exception leaves the process in an unknown state, so
 * it is logged and the process exits (the supervisor restarts it); a stray rejected promise is only logged.
 */
function guardProcess(): void {
  process.on('unhandledRejection', (reason) => warn(reason, 'unhandled promise rejection'));
  process.on('uncaughtException', (error) => {
    if (isDatabaseUnavailable(error)) {
      warn(error, 'database connection lost outside a request');
      return;
    }
    warn(error, 'uncaught exception; exiting');
    process.exit(1);
  });
}

/** Where the database is: PostgreSQL when DATABASE_URL names one, else embedded PGlite in DATA_DIR. */
function databaseTarget(env: Env): DatabaseTarget {
  return env.DATABASE_URL
    ? {
        kind: 'postgres',
        url: env.DATABASE_URL,
        poolSize: env.DATABASE_POOL_SIZE,
        timeouts: {
          connectMs: env.DATABASE_CONNECT_TIMEOUT * 1000,
          statementMs: env.DATABASE_STATEMENT_TIMEOUT * 1000,
          idleInTransactionMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT * 1000,
        },
        onConnectionError: (error) => warn(error, 'database connection error'),
        // One line per change of state, not one per refused request: an outage logs its start and its end.
        onBreakerChange: (state, cause) => warn(cause, `database circuit breaker ${state}`),
      }
    : { kind: 'pglite', dataDir: env.DATA_DIR };
}

/**
 * Locks the data directory (embedded), opens and migrates the database, seeds the demo data and the first
 * administrator. On failure nothing stays open or locked.
 */
async function openData(env: Env, root: string): Promise<{ database: DatabaseHandle; lock?: DataDirLock }> {
  const embedded = !env.DATABASE_URL;
  const target = databaseTarget(env);
  let lock: DataDirLock | undefined;
  let database: DatabaseHandle | undefined;
  try {
    if (embedded) {
      // Owner-only before anything in DATA_DIR is written (the lock file included); looser modes left by
      // an older version or a careless copy are repaired, and said (docs/operating.md, File permissions).
      const repaired = prepareDataDir(env.DATA_DIR);
      if (repaired.length > 0) warn(undefined, looseModesWarning(env.DATA_DIR, repaired));
    }
    lock = embedded ? await lockDataDir(env.DATA_DIR) : undefined;
    // A new directory is created by a child process, whose memory goes with it (fresh-data-dir.ts).
    if (embedded && !existsSync(join(env.DATA_DIR, 'PG_VERSION'))) await createDataDirInChild();
    database = await openDatabase(target, migrationsFolder(root));
    await database.migrate();
    await maskRecordedSecrets(database.db);
    if (env.SEED_DEMO) await seedDemoData(database.db);
    const firstAdmin = await ensureFirstAdmin(database.db, {
      email: env.ADMIN_EMAIL,
      password: env.ADMIN_PASSWORD,
    });
    if (firstAdmin) announceFirstAdmin(firstAdmin);
    return { database, lock };
  } catch (error) {
    await database?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}

/**
 * On SIGTERM or SIGINT: stop the background timers, drain in-flight requests, close the database,
 * release the lock.
 */
function drainOnSignals(
  env: Env,
  app: App,
  resources: {
    timers: PeriodicTask[];
    database: DatabaseHandle;
    lock?: DataDirLock;
    metricsServer?: MetricsServer;
  },
): void {
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
      await Promise.all(resources.timers.map((timer) => timer.stop()));
      await resources.metricsServer?.close();
      await app.close();
      await resources.database.close();
    } finally {
      resources.lock?.release();
    }
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

/** The work every process does on a timer besides answering requests; each kind claims its rows. */
function startPasses(app: App, db: Database, env: Env) {
  const scheduler = startChangeScheduler(db, {
    intervalMs: env.CHANGE_SCHEDULER_INTERVAL * 1000,
    onError: (error) => warn(error, 'scheduled changes: pass failed, retrying on the next one'),
  });
  // Progressive rollouts (docs/rollouts.md): every process runs passes; each rollout is claimed by one.
  const rolloutRunner = startRolloutRunner(db, {
    intervalMs: env.ROLLOUT_INTERVAL,
    onError: (error) => warn(error, 'rollouts: pass failed, retrying on the next one'),
  });
  // Health probes (docs/health-checks.md): every process runs passes; each slot is claimed by one.
  const prober = startProber(db, proberSettingsOf(env), {
    passMs: PROBER_PASS_MS,
    onError: (error) => warn(error, 'health probes: pass failed, retrying on the next one'),
  });
  // Expired Idempotency-Key rows (docs/idempotency.md): every process sweeps, the deletes do not conflict.
  const sweeper = startIdempotencySweeper(db, {
    onError: (error) => warn(error, 'idempotency keys: sweep failed, retrying on the next one'),
  });
  // Webhooks (docs/webhooks.md): every process runs passes; each subscription is claimed by one.
  const webhooks = startWebhookDelivery(
    db,
    {
      ...webhookSettingsOf(env),
      ...WEBHOOK_RETRIES,
      openTypes: () => openResourceTypes(app.routeTable),
      observe: (attempt) => app.metrics.observeWebhook(attempt),
    },
    {
      intervalMs: WEBHOOK_PASS_MS,
      onError: (error) => warn(error, 'webhooks: pass failed, retrying on the next one'),
    },
  );
  // Audit retention (docs/audit-retention.md): every process looks; the retention row's lease picks one.
  const retention = startAuditRetention(db, {
    intervalMs: RETENTION_PASS_MS,
    onError: (error) => warn(error, 'audit retention: pass failed, retrying on the next one'),
  });
  // Git drift (docs/config-as-code-git.md): every process runs passes; each link is claimed by one.
  const gitSync = startGitSync(db, {
    intervalMs: env.GIT_SYNC_INTERVAL * 1000,
    settings: gitSyncSettingsOf(env),
    onError: (error) => warn(error, 'git sync: pass failed, retrying on the next one'),
  });
  return {
    scheduler,
    prober,
    timers: [scheduler, rolloutRunner, prober, sweeper, webhooks, retention, gitSync],
  };
}

async function start(env: Env): Promise<void> {
  const root = projectRoot();
  const { database, lock } = await openData(env, root);

  const app = await buildApp({
    database,
    clientDir: env.CLIENT_DIR ? resolve(env.CLIENT_DIR) : clientDir(root),
    // Code the server runs: only from the project's build, or a directory named for it on purpose (never
    // guessed from CLIENT_DIR, whose files are only ever served).
    serverRenderDir:
      env.SERVER_RENDER === 'off'
        ? undefined
        : env.SERVER_RENDER_DIR
          ? resolve(env.SERVER_RENDER_DIR)
          : serverRenderDir(root),
    sessionPolicy: { idleSeconds: env.SESSION_IDLE_TIMEOUT, absoluteSeconds: env.SESSION_ABSOLUTE_TIMEOUT },
    apiTokens: { maxDays: env.API_TOKEN_MAX_DAYS, requestsPerMinute: env.API_TOKEN_RATE_LIMIT },
    live: { maxStreams: env.LIVE_STREAMS_MAX },
    secureCookie: env.COOKIE_SECURE === 'auto' ? 'auto' : env.COOKIE_SECURE === 'true',
    trustProxy: env.TRUST_PROXY,
    signIn: signInOptionsOf(env),
    webhooks: webhookSettingsOf(env),
    gitSync: gitSyncSettingsOf(env),
    // Never logs credentials, session cookies, password hashes or SQL parameters (see http/logging.ts).
    logger: loggerOptions(env.LOG_LEVEL),
  });
  warn = (error, message) => app.log.warn({ err: error }, message);
  const { scheduler, prober, timers } = startPasses(app, database.db, env);
  // E-mail notifications (docs/notifications.md): off without SMTP_URL; one process at a time sends.
  timers.push(
    ...(await startEmailIfConfigured(database.db, env, {
      log: app.log,
      registry: app.metrics.registry,
      onError: (error) => warn(error, 'e-mail: pass failed, retrying on the next one'),
    })),
  );
  app.metrics.watchScheduler(scheduler);
  app.metrics.watchProber(prober);
  // Its own listener, never the public port (docs/metrics.md); off unless METRICS_PORT is set.
  const metricsServer = env.METRICS_PORT
    ? await startMetricsServer(app.metrics, { port: env.METRICS_PORT, host: env.METRICS_HOST })
    : undefined;
  drainOnSignals(env, app, {
    timers,
    database,
    lock,
    metricsServer,
  });

  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  app.log.info(
    { database: database.kind, dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR, port },
    `Resource Manager listening on http://localhost:${port}`,
  );
}

let env: Env;
try {
  env = await readEnv();
} catch (error) {
  fail(error instanceof EnvError ? error.message : String(error));
}
/** One line for the console: each message of the error and its causes, scrubbed of SQL parameters. */
function describeError(error: unknown): string {
  const messages: string[] = [];
  for (let e: SerializedError | undefined = serializeError(error); e; e = e.cause) messages.push(e.message);
  return messages.join(': ');
}

guardProcess();
start(env).catch((error: unknown) => fail(`Failed to start: ${describeError(error)}`));
