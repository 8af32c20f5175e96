import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root: the server runs from source (tests, dev) or bundled into dist/server, so walk up
 * from this file to the directory that holds the committed migrations.
 */
export function projectRoot(from = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, MIGRATIONS_DIR, 'meta/_journal.json')))
      return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Project root with ${MIGRATIONS_DIR} not found above ${from}`);
    dir = parent;
  }
}

const MIGRATIONS_DIR = 'src/server/db/migrations';

export const migrationsFolder = (root = projectRoot()) => join(root, MIGRATIONS_DIR);
export const clientDir = (root = projectRoot()) => join(root, 'dist/client');
export const serverRenderDir = (root = projectRoot()) => join(root, 'dist/ssr');
