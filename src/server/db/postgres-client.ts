import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DatabaseBreaker } from './breaker';
import type { DatabaseHandle, DatabaseTarget, DatabaseTimeouts } from './database';
import { pgListen } from './notifications';
import { followClients, guardedPool, pingWithin, probeConnection, timeoutAwareClient } from './pg-pool';
import * as schema from './schema';

const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 15_000,
  idleInTransactionMs: 15_000,
};

/**
 * The client gives up on an answer this long after the server should have cancelled the statement itself:
 * only a server that went silent (network dropped without a reset) ever reaches it.
 */
const QUERY_TIMEOUT_MARGIN_MS = 2_000;

const MIGRATIONS_LOCK_KEY = 727_001;

/** While the breaker is not closed, a probe starts this often (so recovery is seen within about this long). */
const BREAKER_PROBE_INTERVAL_MS = 250;
/** The most a probe may take: connecting and `select 1` on a reachable server take milliseconds. */
const BREAKER_PROBE_TIMEOUT_MS = 1_000;
/** A query or checkout in flight this long makes the breaker probe the server (it may have gone silent). */
const BREAKER_SUSPECT_AFTER_MS = 1_000;

type PostgresTarget = Extract<DatabaseTarget, { kind: 'postgres' }>;
type ConnectionErrorListener = (error: Error) => void;

/** The request pool: every statement under the server's timeouts, and a client-side one beyond them. */
function createPool(
  target: PostgresTarget,
  timeouts: DatabaseTimeouts,
  onConnectionError: ConnectionErrorListener,
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    // No JIT: a filter with subplans (Waiting for me) is costed high enough to be compiled, which took
    // 2.5 s for a statement that runs in 5 ms at 10,000 pending requests (docs/overview.md).
    options: '-c TimeZone=UTC -c jit=off',
    // The client-side read timeout: statement timeout + margin (pg-pool.ts says why not pg's query_timeout).
    Client: timeoutAwareClient(timeouts.statementMs + QUERY_TIMEOUT_MARGIN_MS),
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    // Detects a peer that vanished without a reset while the connection sits idle in the pool.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // pg-pool listens for 'error' only on idle clients; a client checked out (a transaction, the migration
  // lock) that loses its connection emits 'error' with no listener, which would kill the process. Every
  // client gets a listener for its whole life; the query in flight still fails and answers 503.
  pool.on('connect', (client) => {
    client.on('error', onConnectionError);
  });
  pool.on('error', onConnectionError);
  return pool;
}

/**
 * Applies the migrations on a connection of its own, without the request timeouts: a migration may
 * rewrite a large table, and a process that starts while another migrates waits on the lock for as long
 * as that takes.
 */
async function migrateUnderLock(
  target: PostgresTarget,
  timeouts: DatabaseTimeouts,
  onConnectionError: ConnectionErrorListener,
  migrationsFolder: string,
): Promise<void> {
  const conn = new pg.Client({
    connectionString: target.url,
    options: '-c TimeZone=UTC -c statement_timeout=0',
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
  });
  conn.on('error', onConnectionError);
  await conn.connect();
  try {
    // Several processes may start at once against one server: let one migrate at a time (the lock
    // ends with the session, whatever happens to it).
    await conn.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK_KEY]);
    await migrate(drizzle({ client: conn, casing: 'snake_case' }), { migrationsFolder });
  } finally {
    await conn.end().catch(() => undefined);
  }
}

/** Opens a pool on the PostgreSQL server at target.url, behind the circuit breaker. */
export async function openPostgres(
  target: PostgresTarget,
  migrationsFolder: string,
): Promise<DatabaseHandle> {
  const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, ...target.timeouts };
  const onConnectionError = target.onConnectionError ?? (() => undefined);
  const pool = createPool(target, timeouts, onConnectionError);
  const clients = followClients(pool, () => breaker);
  const probeMs = Math.min(timeouts.connectMs, BREAKER_PROBE_TIMEOUT_MS);
  const breaker = new DatabaseBreaker(() => probeConnection(target.url, probeMs), {
    probeIntervalMs: BREAKER_PROBE_INTERVAL_MS,
    suspectAfterMs: BREAKER_SUSPECT_AFTER_MS,
    onOpen: clients.dropAll,
    onStateChange: target.onBreakerChange,
  });
  const guarded = guardedPool(pool, breaker);
  const db = drizzle({ client: guarded, schema, casing: 'snake_case' });
  return {
    db,
    kind: 'postgres',
    migrate: () => migrateUnderLock(target, timeouts, onConnectionError, migrationsFolder),
    ping: () => pingWithin(guarded, timeouts.connectMs),
    close: () => {
      breaker.stop();
      return pool.end();
    },
    listen: pgListen({ url: target.url, connectMs: timeouts.connectMs }),
    breaker,
    poolStats: () => ({
      max: pool.options.max ?? 10,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
  };
}
