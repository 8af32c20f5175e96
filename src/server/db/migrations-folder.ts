import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The committed migrations live in src/server/db/migrations. The server runs either from source (tests,
 * dev) or bundled into dist/server, so find them from the project root, whichever file we are.
 */
export function findMigrationsFolder(from = fileURLToPath(import.meta.url)): string {
  let dir = dirname(from);
  for (;;) {
    const candidate = join(dir, 'src/server/db/migrations');
    if (existsSync(join(candidate, 'meta/_journal.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Migrations folder src/server/db/migrations not found');
    dir = parent;
  }
}
