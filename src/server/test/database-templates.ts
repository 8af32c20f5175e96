import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrationsFolder } from '../paths';
import { createServerDatabase, dropServerDatabase } from './admin-client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated, empty embedded database, which every PGlite test database starts from. */
    pgliteTemplate?: string;
    /** A migrated, empty database on the test server, which every PostgreSQL test database copies. */
    postgresTemplate?: string;
  }
}

/**
 * Vitest global set-up for the server tests: migrates one database of each kind once, and each test
 * database starts as a copy of it. Migrating a fresh PGlite costs about 7 s of CPU and a PostgreSQL
 * database about 2 s; a copy costs a fraction (README, Tests).
 */
export default async function setup({ provide }: TestProject): Promise<() => Promise<void>> {
  const folder = await mkdtemp(join(tmpdir(), 'rm-test-template-'));
  const pglite = await openDatabase({ kind: 'pglite' }, migrationsFolder());
  await pglite.migrate();
  if (!pglite.dump) throw new Error('The embedded database cannot dump its data directory');
  const dumpFile = join(folder, 'pglite.tar.gz');
  await writeFile(dumpFile, Buffer.from(await (await pglite.dump()).arrayBuffer()));
  await pglite.close();
  provide('pgliteTemplate', dumpFile);

  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = adminUrl ? await postgresTemplate(adminUrl) : undefined;
  if (template) provide('postgresTemplate', template);

  return async () => {
    await rm(folder, { recursive: true, force: true });
    if (adminUrl && template) await dropServerDatabase(adminUrl, template);
  };
}

/** Creates and migrates the template database; its connections close, as CREATE DATABASE ... TEMPLATE needs. */
async function postgresTemplate(adminUrl: string): Promise<string> {
  const { name, handle } = await createServerDatabase(adminUrl, 'rm_template', { poolSize: 1 });
  await handle.migrate();
  await handle.close();
  return name;
}
