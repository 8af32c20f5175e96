import { expect, it } from 'vitest';
import { z } from 'zod';
import { tenantSchema } from '../../contract/tenants';
import { describeApi } from '../test/api-harness';
import { insertFixtures } from '../test/fixtures';

describeApi(
  'tenants API',
  (ctx) => {
    const get = (url: string) => ctx().get(url);

    it('lists tenants newest first with the total in X-Total-Count', async () => {
      const res = await get('/api/tenants');
      expect(res.statusCode).toBe(200);
      const body = z.array(tenantSchema).parse(res.json());
      expect(body.map((t) => t.id)).toEqual(['tenant-004', 'tenant-003', 'tenant-002', 'tenant-001']);
      expect(res.headers['x-total-count']).toBe('4');
    });

    it('searches by name or owner, case-insensitively, with wildcards taken literally', async () => {
      expect((await get('/api/tenants?q=acme')).json().map((t: { id: string }) => t.id)).toEqual([
        'tenant-001',
      ]);
      const byOwner = (await get('/api/tenants?q=CAROL@')).json();
      expect(byOwner.map((t: { id: string }) => t.id)).toEqual(['tenant-003']);
      const literal = (await get(`/api/tenants?q=${encodeURIComponent('100%_')}`)).json();
      expect(literal.map((t: { id: string }) => t.id)).toEqual(['tenant-002']);
      expect(
        (await get(`/api/tenants?q=${encodeURIComponent('%')}`)).json().map((t: { id: string }) => t.id),
      ).toEqual(['tenant-002']);
    });

    it('filters by status and pages with limit and offset', async () => {
      expect((await get('/api/tenants?status=inactive')).json()).toHaveLength(1);
      const page = await get('/api/tenants?limit=2&offset=1');
      expect(page.json().map((t: { id: string }) => t.id)).toEqual(['tenant-003', 'tenant-002']);
      expect(page.headers['x-total-count']).toBe('4');
    });

    it('refuses bad paging with a 400 that names the field', async () => {
      for (const query of ['limit=0', 'limit=abc', 'offset=-1', 'limit=501']) {
        const res = await get(`/api/tenants?${query}`);
        expect(res.statusCode, query).toBe(400);
        const body = res.json();
        expect(body.code).toBe('VALIDATION_FAILED');
        expect(body.issues[0].path).toBe(`querystring.${query.split('=')[0]}`);
        expect(body.message).toContain(query.split('=')[0]);
      }
    });

    it('returns one tenant with its JSON-text fields as text', async () => {
      const res = await get('/api/tenants/tenant-001');
      expect(res.statusCode).toBe(200);
      const tenant = tenantSchema.parse(res.json());
      expect(tenant.name).toBe('Acme Corp');
      expect(tenant.developmentEnabled).toBe(true);
      expect(tenant.allowedRegions).toEqual(['us-east-1', 'eu-west-1']);
      expect(typeof tenant.environmentRegionPolicies).toBe('string');
      expect(JSON.parse(tenant.blueGreenConfig ?? '')).toMatchObject({ production: { activeSlot: 'blue' } });
      expect(new Date(tenant.createdAt).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    });

    it('answers 404 with the error body for an unknown tenant', async () => {
      const res = await get('/api/tenants/nope');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Tenant not found', code: 'NOT_FOUND' });
    });
  },
  insertFixtures,
);
