import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { BreakerState, DatabaseBreaker } from './breaker';
import type { ListenFn } from './notifications';
import type * as schema from './schema';

// What services and the start-up see of a database, whichever driver is underneath. The drivers themselves
// (pglite-client.ts, postgres-client.ts) load at first use, from client.ts.

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
  /** PostgreSQL only: the circuit breaker that refuses at once while the server is unreachable. */
  breaker?: Pick<DatabaseBreaker, 'state' | 'opened'>;
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

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      timeouts?: Partial<DatabaseTimeouts>;
      /** Told about connections that fail outside any request (the process keeps running). */
      onConnectionError?: (error: Error) => void;
      /** Told when the circuit breaker opens, half-opens or closes (with the fault that opened it). */
      onBreakerChange?: (state: BreakerState, cause?: unknown) => void;
    }
  /** dataDir undefined = in memory (tests); loadDataDir: a dump to start from (restore). */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };
