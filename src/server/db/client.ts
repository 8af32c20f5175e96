import type { DatabaseHandle, DatabaseTarget } from './database';

export type {
  Database,
  DatabaseHandle,
  DatabaseTarget,
  DatabaseTimeouts,
  Executor,
  PoolStats,
  Schema,
  Transaction,
} from './database';

/**
 * Opens the database the target names. Each driver loads here, at first use: a process on the embedded
 * database never loads pg, one on PostgreSQL never loads PGlite (docs/operating.md, Start-up).
 */
export async function openDatabase(
  target: DatabaseTarget,
  migrationsFolder: string,
): Promise<DatabaseHandle> {
  return target.kind === 'postgres'
    ? (await import('./postgres-client')).openPostgres(target, migrationsFolder)
    : (await import('./pglite-client')).openPglite(target, migrationsFolder);
}
