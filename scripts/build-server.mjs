// Bundles the server into dist/server/main.js, and the restore command (docs/backup.md) into
// dist/server/restore.js; npm packages stay external (installed in node_modules).
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// Chunk names carry a content hash: without a clean slate, every build would leave the last one's behind.
rmSync('dist/server', { recursive: true, force: true });

await build({
  entryPoints: { main: 'src/server/main.ts', restore: 'src/server/restore-cli.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // Code split at dynamic imports, so what loads on first use (the password estimator) stays out of
  // start-up: without splitting, its package imports would be hoisted into main.js.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  logLevel: 'warning',
});
