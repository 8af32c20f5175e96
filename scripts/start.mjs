// `npm start`: builds the client and server when the build is missing or older than its sources,
// then runs the server in this process (so SIGTERM reaches it directly).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const stamp = join(root, 'dist/.build-stamp');
const inputs = [
  'src/web',
  'src/server',
  'src/contract',
  'vite.config.ts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const built =
  existsSync(stamp) &&
  existsSync(join(root, 'dist/server/main.js')) &&
  existsSync(join(root, 'dist/client/index.html'));
const stale = !built || inputs.some((input) => newestMtime(join(root, input)) > statSync(stamp).mtimeMs);
if (stale) {
  console.log(built ? 'Sources changed since the last build: rebuilding...' : 'No build found: building...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
}

await import(join(root, 'dist/server/main.js'));
