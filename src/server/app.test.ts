import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app';
import { makeClientDir, removeClientDir } from './test/client-dir';
import { openTestDatabase, type TestDatabase } from './test/databases';
import { sessionCookieFor, TEST_ADMIN } from './test/sessions';

describe('application shell', () => {
  let database: TestDatabase;
  let app: App;
  let clientDir: string;
  let cookie: string;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    // Precompressed variants as the build writes them; their contents differ from the plain file's so a
    // test can tell which file was sent.
    clientDir = makeClientDir({
      files: {
        'assets/big-def456.js': 'console.log("plain")',
        'assets/big-def456.js.br': brotliCompressSync('console.log("br")'),
        'assets/big-def456.js.gz': gzipSync('console.log("gz")'),
      },
    });
    app = await buildApp({ database: database.handle, clientDir });
    cookie = await sessionCookieFor(database.handle.db, TEST_ADMIN);
  });

  afterAll(async () => {
    await app.close();
    await database.dispose();
    removeClientDir(clientDir);
  });

  it('answers health and readiness', async () => {
    expect((await app.inject('/api/health')).json()).toEqual({ status: 'ok' });
    expect((await app.inject('/api/ready')).json()).toEqual({ status: 'ready', database: 'pglite' });
  });

  it('answers 503 on /api/ready when the database does not answer', async () => {
    const down = await buildApp({
      database: { ...database.handle, ping: () => Promise.reject(new Error('down')) },
    });
    const res = await down.inject('/api/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'Database is not reachable', code: 'SERVICE_UNAVAILABLE' });
    await down.close();
  });

  it('serves an OpenAPI document generated from the route schemas, and its UI', async () => {
    const doc = (await app.inject({ url: '/api/docs/json', headers: { cookie } })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/tenants',
        '/api/tenants/{tenantId}',
        '/api/capability-subscriptions/versions/active/{tenantId}/{capabilityId}/{environment}/{region}',
        '/api/deployments/microfrontend/{id}/environment/{environment}',
      ]),
    );
    expect(doc.paths['/api/tenants/{tenantId}'].get.responses).toHaveProperty('404');
    const ui = await app.inject({ url: '/api/docs', headers: { cookie } });
    expect(ui.statusCode).toBeLessThan(400);
  });

  it("declares each list's paging headers in the OpenAPI document, and none on a single resource", async () => {
    const doc = (await app.inject({ url: '/api/docs/json', headers: { cookie } })).json();
    const headersOf = (path: string) => Object.keys(doc.paths[path].get.responses['200'].headers ?? {});
    // Cursor-paged lists that may estimate their total: all four.
    for (const path of ['/api/audit-events', '/api/tenants']) {
      expect(headersOf(path).sort(), path).toEqual([
        'x-next-cursor',
        'x-previous-cursor',
        'x-total-count',
        'x-total-is-estimate',
      ]);
    }
    expect(doc.paths['/api/tenants'].get.responses['200'].headers['x-next-cursor'].schema).toEqual({
      type: 'string',
    });
    expect(headersOf('/api/tenants/{tenantId}')).toEqual([]);
  });

  it('answers an unknown /api path with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/nothing-here?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({
        message: `Route ${method} /api/nothing-here not found`,
        code: 'NOT_FOUND',
      });
    }
  });

  it('serves the client for any other path (history fallback), never cached', async () => {
    for (const url of ['/', '/tenants', '/tenant/tenant-001/control-plane', '/no/such/page']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('never serves the metrics on the public port, not even as a client page', async () => {
    const res = await app.inject('/metrics');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await app.inject('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves the precompressed file the client accepts, with the same long cache', async () => {
    const br = await app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("br")');

    const gz = await app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log("gz")');

    const plain = await app.inject('/assets/big-def456.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("plain")');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('never leaks a stack trace for a malformed request', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/tenants?limit=%E0%A4%A', headers: { cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain('    at ');
  });
});
