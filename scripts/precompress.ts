// Writes a brotli (.br) and a gzip (.gz) file beside each compressible file of the built client, so the
// server answers `Accept-Encoding: br` or `gzip` with a file compressed once, at the highest levels, and
// never spends CPU on it per request (src/server/http/static-client.ts serves them).
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts in the build are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest)$/;

/** Below this a compressed file saves less than a packet and costs a file lookup per request. */
export const MIN_BYTES = 1024;

export interface Precompressed {
  file: string;
  bytes: number;
  br?: number;
  gzip?: number;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(path) : Promise.resolve([path]);
    }),
  );
  return nested.flat();
}

/** Compresses one file both ways; a variant that would not be smaller is not written. */
async function precompressFile(file: string): Promise<Precompressed> {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: 9 }),
  ]);
  const result: Precompressed = { file, bytes: source.length };
  if (br.length < source.length) {
    await writeFile(`${file}.br`, br);
    result.br = br.length;
  }
  if (gz.length < source.length) {
    await writeFile(`${file}.gz`, gz);
    result.gzip = gz.length;
  }
  return result;
}

/** Precompresses every compressible file of at least MIN_BYTES under `dir`; returns what it wrote. */
export async function precompressDirectory(dir: string): Promise<Precompressed[]> {
  const files = await filesUnder(dir);
  const candidates: string[] = [];
  for (const file of files) {
    if (COMPRESSIBLE.test(file) && (await stat(file)).size >= MIN_BYTES) candidates.push(file);
  }
  return Promise.all(candidates.map(precompressFile));
}

/** Vite plugin: precompresses the output directory once the client build has written it. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  let log = (message: string): void => void message;
  return {
    name: 'resource-manager:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      log = (message) => config.logger.info(message);
    },
    async closeBundle() {
      const written = await precompressDirectory(outDir);
      const saved = written.reduce((sum, entry) => sum + entry.bytes - (entry.br ?? entry.bytes), 0);
      log(`precompressed ${written.length} files (brotli saves ${(saved / 1024).toFixed(0)} KB)`);
    },
  };
}
