// Bundles the server into dist/server/main.js, and the restore command (docs/backup.md) into
// dist/server/restore.js, npm packages included: one file per chunk loads faster than hundreds of
// package files resolved and read one by one (docs/operating.md, "Start-up"). The packages below stay
// external, loaded from node_modules, because they find files beside their own code or are native.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const EXTERNAL = [
  // Loads its WebAssembly and data files from its own directory (a package also stands for its subpaths).
  '@electric-sql/pglite',
  // A native addon, in a package per platform.
  '@node-rs/argon2',
  // Loaded only with DATABASE_URL; it asks for the optional pg-native itself.
  'pg',
  // Reads its own package.json; the UI serves the static files installed beside it.
  '@fastify/swagger',
  '@fastify/swagger-ui',
  // Required by the two above from node_modules as well: bundled, a second copy would load at start.
  'yaml',
  '@fastify/static',
  // Its transports run in worker threads started from their files.
  'pino',
];

// Chunk names carry a content hash: without a clean slate, every build would leave the last one's behind.
rmSync('dist/server', { recursive: true, force: true });

await build({
  entryPoints: { main: 'src/server/main.ts', restore: 'src/server/restore-cli.ts' },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL,
  // The bundled CommonJS packages call require (node built-ins, the external packages): an ES module
  // has none, so each chunk makes one.
  banner: {
    js: "import { createRequire as __rmCreateRequire } from 'node:module'; const require = __rmCreateRequire(import.meta.url);",
  },
  // Code split at dynamic imports, so what loads on first use (the password estimator, Ajv, the OpenID
  // client) stays out of start-up: without splitting, their package imports would be hoisted into main.js.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  sourcemap: true,
  logLevel: 'warning',
});
