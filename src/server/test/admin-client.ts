import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { migrationsFolder } from '../paths';

/** Runs `fn` on a one-off connection to the test server's administrative database, then closes it. */
async function withAdminClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A database of its own on the test server: its name, its URL and an open handle on it. */
export interface ServerDatabase {
  name: string;
  url: string;
  handle: DatabaseHandle;
}

/**
 * Creates `<prefix>_<pid>_<random>` on the test server at `adminUrl` (a copy of `template` when given) and
 * opens it, not yet migrated.
 */
export async function createServerDatabase(
  adminUrl: string,
  prefix: string,
  { template, poolSize }: { template?: string; poolSize: number },
): Promise<ServerDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(adminUrl, (client) =>
    client.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize }, migrationsFolder());
  return { name, url: url.toString(), handle };
}

/** Drops a database of the test server, ending whatever connections are still open on it. */
export function dropServerDatabase(adminUrl: string, name: string): Promise<unknown> {
  return withAdminClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
}
