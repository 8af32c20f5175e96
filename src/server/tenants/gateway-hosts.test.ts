import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { gatewayPaths } from '../../contract/gateway';
import { tenantSchema } from '../../contract/tenants';
import { checkedKongDocument } from '../gateway/kong-validate';
import { describeApi } from '../test/api-harness';
import { insertFixturesWithoutApprovals, insertGatewayFixtures } from '../test/fixtures';

const gateway = (hosts: unknown) => JSON.stringify({ rateLimit: { requests: 10 }, hosts });

describeApi(
  'tenant gateway hosts',
  (ctx) => {
    const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      ctx().inject({ method, url, payload });
    const routesOf = async (tenantId: string) => {
      const res = await ctx().get(gatewayPaths.declarative(tenantId, 'production'));
      expect(res.statusCode, res.body).toBe(200);
      return checkedKongDocument(parse(res.body)).services.flatMap((s) => s.routes);
    };

    it("matches a tenant's routes on x-tenant-id until its gateway configuration declares hosts", async () => {
      const before = await routesOf('tenant-001');
      expect(before.length).toBeGreaterThan(0);
      for (const route of before) {
        expect(route.headers).toEqual({ 'x-tenant-id': ['tenant-001'] });
        expect(route.hosts).toBeUndefined();
      }
      const res = await send('PATCH', '/api/tenants/tenant-001', {
        apiGatewayConfiguration: gateway(['GW.acme.example.com', 'acme.example.com']),
      });
      expect(res.statusCode, res.body).toBe(200);
      for (const route of await routesOf('tenant-001')) {
        expect(route.hosts).toEqual(['gw.acme.example.com', 'acme.example.com']);
        expect(route.headers).toBeUndefined();
      }
    });

    it('refuses (409) a create or update whose hosts another tenant uses, without naming that tenant', async () => {
      const mine = await send('PATCH', '/api/tenants/tenant-001', {
        apiGatewayConfiguration: gateway(['api.acme.example.com']),
      });
      expect(mine.statusCode, mine.body).toBe(200);
      // Saving its own hosts again is no overlap.
      const again = await send('PATCH', '/api/tenants/tenant-001', {
        apiGatewayConfiguration: gateway(['API.acme.example.com', 'www.acme.example.com']),
      });
      expect(again.statusCode, again.body).toBe(200);

      const taken = gateway(['shop.example.com', 'Api.Acme.Example.com']);
      const created = await send('POST', '/api/tenants', {
        name: 'Copycat',
        owner: 'o@copycat.io',
        apiGatewayConfiguration: taken,
      });
      expect(created.statusCode, created.body).toBe(409);
      expect(created.json().message).toBe('Another tenant already uses host api.acme.example.com');
      const updated = await send('PATCH', '/api/tenants/tenant-002', {
        apiGatewayConfiguration: taken,
      });
      expect(updated.statusCode).toBe(409);
      for (const body of [created.body, updated.body]) {
        expect(body).not.toMatch(/tenant-001|Acme Corp/);
      }
      const free = await send('PATCH', '/api/tenants/tenant-002', {
        apiGatewayConfiguration: gateway(['shop.example.com']),
      });
      expect(free.statusCode, free.body).toBe(200);
      expect(tenantSchema.parse(free.json()).apiGatewayConfiguration).toContain('shop.example.com');
    });

    it('refuses hosts that are not host names (400 naming apiGatewayConfiguration)', async () => {
      const bad: unknown[] = [
        'api.example.com',
        ['bad host'],
        ['a.example:80'],
        ['*.example.com'],
        [''],
        [1],
        [],
      ];
      for (const hosts of bad) {
        const res = await send('PATCH', '/api/tenants/tenant-002', {
          apiGatewayConfiguration: gateway(hosts),
        });
        expect(res.statusCode, JSON.stringify(hosts)).toBe(400);
        expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual([
          'body.apiGatewayConfiguration',
        ]);
      }
      const create = await send('POST', '/api/tenants', {
        name: 'Bad hosts',
        owner: 'o@bad.io',
        apiGatewayConfiguration: gateway(['-bad.example']),
      });
      expect(create.statusCode).toBe(400);
      // Configuration without hosts is free-form as before.
      const plain = await send('PATCH', '/api/tenants/tenant-002', {
        apiGatewayConfiguration: JSON.stringify({ burst: 5 }),
      });
      expect(plain.statusCode, plain.body).toBe(200);
    });
  },
  async (db) => {
    await insertFixturesWithoutApprovals(db);
    await insertGatewayFixtures(db);
  },
);
