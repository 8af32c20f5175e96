import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { tenants } from '../db/schema';
import type { Database } from '../db/client';
import { describeApi } from '../test/api-harness';
import { openTestDatabase } from '../test/databases';
import { COMPRESSION_THRESHOLD_BYTES, isCompressibleType } from './compression';

const TENANT_COUNT = 60;

async function manyTenants(db: Database): Promise<void> {
  await db.insert(tenants).values(
    Array.from({ length: TENANT_COUNT }, (_, i) => ({
      id: `tenant-${String(i).padStart(3, '0')}`,
      name: `Tenant number ${i}`,
      owner: `owner${i}@example.com`,
      // One tenant's own answer is over the threshold too, for the ETag check.
      description: i === 0 ? 'A long description. '.repeat(100) : `Tenant ${i}`,
      createdAt: '2026-01-01T00:00:00Z',
    })),
  );
}

describeApi(
  'response compression',
  (ctx) => {
    it('gzips a large list for a client that accepts gzip, decoding to the same JSON', async () => {
      const plain = await ctx().get('/api/tenants?limit=100');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

      const gz = await ctx().inject({
        url: '/api/tenants?limit=100',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gz.statusCode).toBe(200);
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers.vary).toMatch(/accept-encoding/i);
      expect(gz.headers['x-total-count']).toBe(String(TENANT_COUNT));
      expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
    });

    it('prefers brotli when the client accepts both', async () => {
      const plain = await ctx().get('/api/tenants?limit=100');
      const br = await ctx().inject({
        url: '/api/tenants?limit=100',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    });

    it('sends a small body as it is', async () => {
      const res = await ctx().inject({
        url: '/api/tenants?limit=1',
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json()).toHaveLength(1);
    });

    it('weakens the ETag of a compressed answer, and If-Match accepts the weak tag', async () => {
      const plain = await ctx().get('/api/tenants/tenant-000');
      expect(plain.headers.etag).toBe('"1"');
      const gz = await ctx().inject({
        url: '/api/tenants/tenant-000',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.headers.etag).toBe('W/"1"');

      const patched = await ctx().inject({
        method: 'PATCH',
        url: '/api/tenants/tenant-000',
        headers: { 'if-match': String(gz.headers.etag) },
        payload: { name: 'Renamed' },
      });
      expect(patched.statusCode).toBe(200);
      expect(patched.headers.etag).toBe('"2"');
    });
  },
  manyTenants,
);

describe('what is compressed', () => {
  it('leaves a Server-Sent Events stream uncompressed, whatever its size', async () => {
    const database = await openTestDatabase('pglite');
    const app = await buildApp({ database: database.handle });
    const events = 'data: {"tick":1}\n\n'.repeat(200);
    app.get('/events-probe', (_request, reply) => reply.type('text/event-stream').send(events));
    app.get('/text-probe', (_request, reply) => reply.type('text/plain').send(events));
    try {
      const headers = { 'accept-encoding': 'gzip, br' };
      const stream = await app.inject({ url: '/events-probe', headers });
      expect(stream.headers['content-encoding']).toBeUndefined();
      expect(stream.body).toBe(events);
      // The same bytes as plain text are compressed: the content type alone made the difference.
      const text = await app.inject({ url: '/text-probe', headers });
      expect(text.headers['content-encoding']).toBe('br');
    } finally {
      await app.close();
      await database.dispose();
    }
  });

  it('compresses JSON and text but never an event stream', () => {
    expect(isCompressibleType('application/json; charset=utf-8')).toBe(true);
    expect(isCompressibleType('application/problem+json')).toBe(true);
    expect(isCompressibleType('text/html; charset=utf-8')).toBe(true);
    expect(isCompressibleType('application/x-yaml')).toBe(true);
    expect(isCompressibleType('text/event-stream')).toBe(false);
    expect(isCompressibleType('Text/Event-Stream; charset=utf-8')).toBe(false);
    expect(isCompressibleType('application/gzip')).toBe(false);
    expect(isCompressibleType('image/png')).toBe(false);
  });
});
