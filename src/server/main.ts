// The server's entry. It starts compiling PGlite's WebAssembly first: V8 compiles on background threads,
// so the compilation runs while the rest of the server's modules load instead of after them
// (docs/operating.md, Start-up). Then it loads and runs the server.
import { pgliteWasmModule } from './db/pglite-wasm';
import { createDataDirHere, isDataDirChild } from './fresh-data-dir';

// Embedded database unless DATABASE_URL names a server (empty means unset, as in env.ts). A failure here
// is reported by the database's opening, which awaits the same compilation.
if (!process.env.DATABASE_URL) pgliteWasmModule().catch(() => undefined);
// The child a first start runs to create a new data directory (fresh-data-dir.ts), or the server.
if (isDataDirChild()) await createDataDirHere();
else await import('./start');
