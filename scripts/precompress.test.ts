import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDirectory } from './precompress';

describe('precompressing the built client', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rm-precompress-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz beside each text file worth it, and nothing beside the rest', async () => {
    mkdirSync(join(dir, 'assets'));
    const script = 'export const answer = 42;\n'.repeat(200);
    writeFileSync(join(dir, 'assets/app-1.js'), script);
    writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>x</p>'.repeat(200)}`);
    writeFileSync(join(dir, 'assets/tiny-2.js'), 'x'.repeat(MIN_BYTES - 1));
    writeFileSync(join(dir, 'assets/logo-3.png'), Buffer.alloc(4096, 7));

    const written = await precompressDirectory(dir);

    expect(written.map((entry) => entry.file).sort()).toEqual(
      [join(dir, 'assets/app-1.js'), join(dir, 'index.html')].sort(),
    );
    expect(brotliDecompressSync(readFileSync(join(dir, 'assets/app-1.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dir, 'assets/app-1.js.gz'))).toString()).toBe(script);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    for (const skipped of ['assets/tiny-2.js', 'assets/logo-3.png']) {
      expect(existsSync(join(dir, `${skipped}.br`)), skipped).toBe(false);
      expect(existsSync(join(dir, `${skipped}.gz`)), skipped).toBe(false);
    }
  });
});
