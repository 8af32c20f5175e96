import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle, DatabaseTarget } from './database';
import { ownerOnlyArchive } from './backup-archive';
import { createOwnerOnly, tightenModes } from './data-dir-modes';
import type { ListenFn } from './notifications';
import { pgliteWasmModule } from './pglite-wasm';
import * as schema from './schema';

/**
 * PostgreSQL's shared buffers (its page cache) inside PGlite's WebAssembly memory: PGlite leaves the
 * server default, 128 MB, and all of it is resident from the start. 32 MB holds the working set of the
 * demo and of everyday data; pages beyond it are read back from the data files, which the operating
 * system caches. Measured: idle RSS -100 MB, start-up time unchanged (docs/operating.md, Start-up).
 */
const SHARED_BUFFERS = '32MB';

/** Opens the embedded database in dataDir (in memory without one). */
export async function openPglite(
  { dataDir, loadDataDir }: Extract<DatabaseTarget, { kind: 'pglite' }>,
  migrationsFolder: string,
): Promise<DatabaseHandle> {
  // Whoever opens a data directory (the server, a restore, a test), PostgreSQL's files are owner-only.
  if (dataDir) createOwnerOnly();
  // pg_trgm backs the lists' search indexes (migration 0004); PGlite ships it as a separate module.
  const client = await PGlite.create({
    dataDir,
    loadDataDir,
    extensions: { pg_trgm },
    pgliteWasmModule: await pgliteWasmModule(),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  });
  // A first start copies PGlite's template files in with an explicit 0666, which no umask corrects.
  if (dataDir) tightenModes(dataDir);
  // Timestamps are rendered as text by the server: pin the zone so every row reads the same way.
  await client.exec(`SET TIME ZONE 'UTC'`);
  const db = drizzle({ client, schema, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    // Relative member names and owner-only modes (backup-archive.ts), whatever PGlite writes.
    dump: async () =>
      new Blob([ownerOnlyArchive(Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer()))], {
        type: 'application/gzip',
      }),
    listen: pgliteListen(client),
  };
}

/** The embedded database: the same trigger, delivered in-process after each commit. */
function pgliteListen(client: PGlite): ListenFn {
  return async (channel, handlers) => {
    const unlisten = await client.listen(channel, (payload) => handlers.onMessage(payload));
    handlers.onListening();
    return async () => {
      // Closing the database ends the listener with it.
      if (!client.closed) await unlisten();
    };
  };
}
