import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

type ClientDirContents = {
  /** Vite's build manifest (`.vite/manifest.json`); none when absent, as a build without one. */
  manifest?: object;
  /** More files, by path inside the client directory. */
  files?: Record<string, string | Buffer>;
};

/**
 * A built client in a new temporary directory, as `vite build` writes it: `index.html`, one script
 * (`assets/app-abc123.js`), and the manifest and files given. Remove it with `removeClientDir`.
 */
export function makeClientDir({ manifest, files = {} }: ClientDirContents = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'rm-client-'));
  const all: Record<string, string | Buffer> = {
    'index.html': '<!doctype html><div id="root"></div>',
    'assets/app-abc123.js': 'console.log(1)',
    ...files,
    ...(manifest ? { '.vite/manifest.json': JSON.stringify(manifest) } : {}),
  };
  for (const [path, content] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

export const removeClientDir = (dir: string): void => rmSync(dir, { recursive: true, force: true });

/** Runs `use` on a client directory made for it, removed afterwards whatever happens. */
export function withClientDir<T>(files: ClientDirContents, use: (dir: string) => T): T {
  const dir = makeClientDir(files);
  try {
    return use(dir);
  } finally {
    removeClientDir(dir);
  }
}
