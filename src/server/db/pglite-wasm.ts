import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

let compiled: Promise<WebAssembly.Module> | undefined;

/**
 * PGlite's WebAssembly (9 MB), compiled once per process and shared by every PGlite it opens. Called early
 * by the entry (main.ts) so that V8 compiles it on background threads while the server's modules load.
 */
export function pgliteWasmModule(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    // Read at once (not with fs/promises): the read's callback would wait behind the module loading.
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    return WebAssembly.compile(readFileSync(join(dist, 'pglite.wasm')));
  })();
  return compiled;
}
