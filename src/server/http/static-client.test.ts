import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { makeClientDir, removeClientDir } from '../test/client-dir';
import { openTestDatabase, type TestDatabase } from '../test/databases';
import { clientFiles } from './client-files';

/*
 * The client's files from memory (http/client-files.ts): the encodings a request accepts, 304s, HEAD, and
 * nothing served that the build keeps for itself. app.test.ts covers the cache headers and the fallback.
 */
describe('client files', () => {
  let database: TestDatabase;
  let app: App;
  let clientDir: string;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    clientDir = makeClientDir({
      manifest: { 'index.html': { file: 'assets/app-abc123.js', isEntry: true } },
      files: {
        'assets/big-def456.js': 'console.log("plain")',
        'assets/big-def456.js.br': brotliCompressSync('console.log("br")'),
        'assets/big-def456.js.gz': gzipSync('console.log("gz")'),
        'assets/style-1.css': 'body{}',
        'assets/unstored-1.js': `console.log(${JSON.stringify('x'.repeat(2048))})`,
        'assets/notes.gz': 'a file whose name ends in .gz, not a variant',
        '.hidden/secret.txt': 'not for clients',
      },
    });
    app = await buildApp({ database: database.handle, clientDir });
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
    removeClientDir(clientDir);
  });

  it('sends the stored encoding the request accepts, and none it refuses', async () => {
    const encodingFor = async (acceptEncoding: string) =>
      (await app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': acceptEncoding } }))
        .headers['content-encoding'] ?? 'identity';
    expect(await encodingFor('gzip, deflate, br')).toBe('br');
    expect(await encodingFor('br;q=0, gzip')).toBe('gzip');
    expect(await encodingFor('*')).toBe('br');
    expect(await encodingFor('*;q=0, gzip;q=0.5')).toBe('gzip');
    expect(await encodingFor('identity')).toBe('identity');
    expect(await encodingFor('BR; Q=1')).toBe('br');
    expect(await encodingFor('br;q=oops')).toBe('identity');
  });

  it('compresses a text file stored plain only, as any answer of 1 KB or more', async () => {
    const res = await app.inject({ url: '/assets/unstored-1.js', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('answers 304 to a client that holds the same bytes, per encoding', async () => {
    const first = await app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
    const etag = String(first.headers.etag);
    const again = await app.inject({
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The plain bytes are another representation, with a tag of their own.
    const plain = await app.inject({ url: '/assets/big-def456.js', headers: { 'if-none-match': etag } });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe('console.log("plain")');
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/assets/style-1.css' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(res.headers['content-length']).toBe('6');
    expect(res.body).toBe('');
  });

  it("never sends the build's own files or a variant by its name: those paths are the client's pages", async () => {
    for (const url of ['/.vite/manifest.json', '/.hidden/secret.txt', '/assets/big-def456.js.br']) {
      const res = await app.inject(url);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<div id="root">');
    }
    // A file named like a variant of nothing is a file of its own.
    expect((await app.inject('/assets/notes.gz')).body).toBe('a file whose name ends in .gz, not a variant');
  });

  it('reads each file once, on its first request', () => {
    const files = clientFiles(clientDir);
    const file = files.find('/assets/big-def456.js');
    expect(file).toBeDefined();
    if (!file) return;
    const first = files.body(file, 'br');
    expect(files.body(file, 'gzip, br')).toBe(first);
    expect(files.find('/assets/missing.js')).toBeUndefined();
  });
});
