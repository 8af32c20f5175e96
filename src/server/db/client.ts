import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pgListen, pgliteListen, type ListenFn } from './notifications';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type services see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database or an open transaction: services accept either so they compose inside one transaction. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (idempotent). */
  migrate(): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTENs on a channel: PostgreSQL on a dedicated connection that reconnects by itself, PGlite in
   * process. Close what it returns before closing the database.
   */
  listen: ListenFn;
  /** PostgreSQL only: how busy the connection pool is now (for the metrics). */
  poolStats?: () => PoolStats;
  /**
   * Embedded only: a consistent copy of the whole data directory as a gzipped tar, taken while serving
   * (docs/backup.md). PostgreSQL is backed up with its own tools.
   */
  dump?: () => Promise<Blob>;
}

export interface PoolStats {
  /** Connections the pool may open. */
  max: number;
  /** Connections open now, idle or checked out. */
  total: number;
  idle: number;
  /** Checkouts waiting for a connection. */
  waiting: number;
}

/** Limits that keep a lost, stopped or silent PostgreSQL server from hanging requests (milliseconds). */
export interface DatabaseTimeouts {
  /** Opening a connection, and waiting for a free one in the pool (pg `connectionTimeoutMillis`). */
  connectMs: number;
  /** The server cancels a statement running longer (`statement_timeout`, SQLSTATE 57014). */
  statementMs: number;
  /** The server ends a session idle this long inside a transaction (`idle_in_transaction_session_timeout`). */
  idleInTransactionMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  statementMs: 15_000,
  idleInTransactionMs: 15_000,
};

/**
 * The client gives up on an answer this long after the server should have cancelled the statement itself:
 * only a server that went silent (network dropped without a reset) ever reaches it.
 */
const QUERY_TIMEOUT_MARGIN_MS = 2_000;

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      timeouts?: Partial<DatabaseTimeouts>;
      /** Told about connections that fail outside any request (the process keeps running). */
      onConnectionError?: (error: Error) => void;
    }
  /** dataDir undefined = in memory (tests); loadDataDir: a dump to start from (restore). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

const MIGRATIONS_LOCK_KEY = 727_001;

export async function openDatabase(
  target: DatabaseTarget,
  migrationsFolder: string,
): Promise<DatabaseHandle> {
  return target.kind === 'postgres'
    ? openPostgres(target, migrationsFolder)
    : openPglite(target, migrationsFolder);
}

async function openPglite(
  { dataDir, loadDataDir }: Extract<DatabaseTarget, { kind: 'pglite' }>,
  migrationsFolder: string,
): Promise<DatabaseHandle> {
  // pg_trgm backs the lists' search indexes (migration 0004); PGlite ships it as a separate module.
  const client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
  // Timestamps are rendered as text by the server: pin the zone so every row reads the same way.
  await client.exec(`SET TIME ZONE 'UTC'`);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir('gzip'),
    listen: pgliteListen(client),
  };
}

/**
 * A pg client that drops its connection when the client-side query timeout fires: the statement may still
 * be running on a server that went silent, so the connection can never be trusted again, and the pool
 * discards a client whose connection ended instead of handing it to the next request.
 */
class TimeoutAwareClient extends pg.Client {
  // pg's query() has many overloads; this passes every form through untouched.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const result: unknown = Reflect.apply(super.query, this, args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') this.dropConnection();
      });
    }
    return result;
  }

  private dropConnection(): void {
    // `connection.stream` is pg's socket; destroying it ends the client with an error the pool sees.
    const stream = (this as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
    stream?.destroy();
  }
}

async function openPostgres(
  target: Extract<DatabaseTarget, { kind: 'postgres' }>,
  migrationsFolder: string,
): Promise<DatabaseHandle> {
  const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, ...target.timeouts };
  const onConnectionError = target.onConnectionError ?? (() => undefined);
  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.poolSize ?? 10,
    options: '-c TimeZone=UTC',
    Client: TimeoutAwareClient,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    query_timeout: timeouts.statementMs + QUERY_TIMEOUT_MARGIN_MS,
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
  const db = drizzlePg({ client: releaseOnFailedBegin(pool), schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    migrate: async () => {
      // A connection of its own, without the request timeouts: a migration may rewrite a large table,
      // and a process that starts while another migrates waits on the lock for as long as that takes.
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
        await migratePg(drizzlePg({ client: conn, casing: 'snake_case' }), { migrationsFolder });
      } finally {
        await conn.end().catch(() => undefined);
      }
    },
    ping: () => pingWithin(pool, timeouts.connectMs),
    close: () => pool.end(),
    listen: pgListen({ url: target.url, connectMs: timeouts.connectMs }),
    poolStats: () => ({
      max: pool.options.max ?? 10,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
  };
}

/**
 * Drizzle's pg transaction runs BEGIN before its try/finally, so a BEGIN that fails (the server went away
 * between checkout and BEGIN) never releases the client: each such fault leaks a pool slot until none is
 * left and every request waits for a checkout that never comes (and `pool.end()` hangs at shutdown).
 * Drizzle checks out through `connect()` without arguments (pg-pool's own `query` passes a callback), so
 * this wraps that form only: if the checkout's first query fails, the client goes back to the pool with
 * the error, which discards it. (Code of ours that checks out a client itself uses the pool directly.)
 */
function releaseOnFailedBegin(pool: pg.Pool): pg.Pool {
  const connect = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect();
    const firstQuery = (...args: unknown[]): unknown => {
      // Only the first query (BEGIN) needs watching: later ones run inside drizzle's try/finally.
      delete (client as { query?: unknown }).query;
      const result: unknown = Reflect.apply(client.query, client, args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => client.release(error instanceof Error ? error : true));
      }
      return result;
    };
    Object.defineProperty(client, 'query', { value: firstQuery, configurable: true, writable: true });
    return client;
  };
  return new Proxy(pool, {
    get(target, key) {
      if (key === 'connect') {
        return (...args: unknown[]) =>
          args.length === 0 ? connect() : (target.connect as (...a: unknown[]) => unknown)(...args);
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Readiness answers within the connect timeout whatever the network does: a checkout that waits for the
 * pool, a connect that never completes, or a query on a connection that went silent all count as down.
 */
async function pingWithin(pool: pg.Pool, ms: number): Promise<void> {
  // pg honours a per-query query_timeout; its type declarations do not list it.
  const probe: pg.QueryConfig = { text: 'select 1', query_timeout: ms } as pg.QueryConfig;
  const query = pool.query(probe);
  // Lost the race below: its late failure must not surface as an unhandled rejection.
  query.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('Database ping timed out'), { code: 'ETIMEDOUT' })),
      ms,
    );
  });
  try {
    await Promise.race([query, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
