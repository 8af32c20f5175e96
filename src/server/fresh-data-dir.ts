import { spawn } from 'node:child_process';

/**
 * A new embedded data directory is created by a child process, then opened by the server as any existing
 * one. PGlite's `initdb` and the first migrations grow the process to ~800 MB, and closing that instance
 * does not give it back: V8 frees the WebAssembly memory, but the allocator keeps most of the pages (the
 * server idled at 343-593 MB after creating its directory, 255-295 MB after reopening one). A child's
 * memory goes with it.
 */
const CHILD_FLAG = 'RM_CREATE_DATA_DIR';

/** True in the child this module starts: main.ts then creates the directory and exits. */
export const isDataDirChild = (): boolean => process.env[CHILD_FLAG] === '1';

/**
 * Creates, migrates and (SEED_DEMO) seeds DATA_DIR in a child process running the same entry with the
 * same flags and environment, under the data directory lock the caller holds. Rejects when it fails.
 */
export async function createDataDirInChild(): Promise<void> {
  const entry = process.argv[1];
  if (!entry) throw new Error('Cannot create the data directory: no entry script to run');
  const child = spawn(process.execPath, [...process.execArgv, entry], {
    env: { ...process.env, [CHILD_FLAG]: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0)
    throw new Error(`Creating the data directory failed (the child process exited with ${code})`);
}

/** In the child: the directory created (initdb), migrated and seeded, then closed; exits the process. */
export async function createDataDirHere(): Promise<void> {
  try {
    const [{ readEnv }, { openDatabase }, { migrationsFolder }, { seedDemoData }] = await Promise.all([
      import('./env'),
      import('./db/client'),
      import('./paths'),
      import('./demo/demo-data'),
    ]);
    const env = await readEnv();
    const database = await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR }, migrationsFolder());
    try {
      await database.migrate();
      if (env.SEED_DEMO) await seedDemoData(database.db);
    } finally {
      await database.close();
    }
    process.exit(0);
  } catch (error) {
    process.stderr.write(`Creating the data directory failed: ${String(error)}\n`);
    process.exit(1);
  }
}
