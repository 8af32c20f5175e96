import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { migrationsFolder } from '../paths';
import { createServerDatabase, dropServerDatabase } from './admin-client';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server (CI sets it). */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** PostgreSQL only: the throwaway database's URL, for a second connection pool (a second server). */
  url?: string;
  /** Closes the handle and, for PostgreSQL, drops the throwaway database. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated, empty database: in-memory PGlite, or a new database on the test server. Each starts
 * as a copy of the template the global set-up migrated (database-templates.ts); `migrate` then only
 * confirms that every migration ran.
 */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const template = inject('pgliteTemplate');
    const loadDataDir = template ? new Blob([await readFile(template)]) : undefined;
    const handle = await openDatabase({ kind: 'pglite', loadDataDir }, migrationsFolder());
    await handle.migrate();
    return { handle, dispose: () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const { name, url, handle } = await createServerDatabase(adminUrl, 'rm_test', {
    template: inject('postgresTemplate'),
    poolSize: 10,
  });
  await handle.migrate();
  return {
    handle,
    url,
    dispose: async () => {
      await handle.close();
      await dropServerDatabase(adminUrl, name);
    },
  };
}
