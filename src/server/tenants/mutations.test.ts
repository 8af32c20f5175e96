import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { parseBlueGreenConfig } from '../../contract/blue-green';
import { tenantSchema } from '../../contract/tenants';
import {
  auditEvents,
  capabilitySubscriptions,
  tenants,
  userProfiles,
  webAppMeshes,
  webApps,
} from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixturesWithoutApprovals } from '../test/fixtures';
import { sessionCookieFor } from '../test/sessions';

describeApi(
  'tenant mutations and data governance',
  (ctx) => {
    const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
      ctx().inject({ method, url, payload });

    it('creates a tenant with all three environments on by default and status active', async () => {
      const res = await send('POST', '/api/tenants', {
        name: 'Stark Industries',
        owner: 'pepper@stark.io',
        dataResidency: 'eu-west-1',
        dataClassification: 'restricted',
        disasterRecoveryRequirements: 'tier-0',
      });
      expect(res.statusCode).toBe(201);
      const tenant = tenantSchema.parse(res.json());
      expect(tenant).toMatchObject({
        status: 'active',
        developmentEnabled: true,
        uatEnabled: true,
        productionEnabled: true,
        dataClassification: 'restricted',
      });
      const [event] = await ctx().db.select().from(auditEvents).where(eq(auditEvents.resourceId, tenant.id));
      expect(event?.action).toBe('tenant.create');
    });

    it('refuses a missing name or owner, infrastructure text that is not JSON and unknown regions, naming the field', async () => {
      const cases: [object, string][] = [
        [{ owner: 'x@y.io' }, 'body.name'],
        [{ name: 'X', owner: ' ' }, 'body.owner'],
        [{ name: 'X', owner: 'o', idpConfiguration: '{broken' }, 'body.idpConfiguration'],
        [{ name: 'X', owner: 'o', allowedRegions: ['us-east-1', 'mars-1'] }, 'body.allowedRegions.1'],
        [{ name: 'X', owner: 'o', status: 'archived' }, 'body.status'],
      ];
      for (const [body, field] of cases) {
        const res = await send('POST', '/api/tenants', body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().issues[0].path).toBe(field);
      }
    });

    it('saves metadata and infrastructure, and audits exactly what changed', async () => {
      const res = await send('PATCH', '/api/tenants/tenant-003', {
        dataRetentionRequirements: '7 years',
        privacyLaws: 'GDPR',
        apiGatewayConfiguration: '{"rateLimit":1000}',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        dataRetentionRequirements: '7 years',
        privacyLaws: 'GDPR',
        name: 'Initech',
      });
      const events = await ctx().db.select().from(auditEvents).where(eq(auditEvents.action, 'tenant.update'));
      expect(Object.keys(JSON.parse(events.at(-1)?.changes ?? '{}')).sort()).toEqual([
        'apiGatewayConfiguration',
        'dataRetentionRequirements',
        'privacyLaws',
      ]);
    });

    it('keeps environment overrides inside the allowed regions and enabled environments, null when empty', async () => {
      const policies = (list: object) => JSON.stringify(list);
      let res = await send('PATCH', '/api/tenants/tenant-004', {
        allowedRegions: ['us-east-1', 'eu-west-2', 'ap-south-1'],
        environmentRegionPolicies: policies([
          { environment: 'uat', regions: ['eu-west-2'] },
          { environment: 'production', regions: ['us-east-1', 'ap-south-1'] },
        ]),
      });
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(res.json().environmentRegionPolicies)).toEqual([
        { environment: 'uat', regions: ['eu-west-2'] },
        { environment: 'production', regions: ['us-east-1', 'ap-south-1'] },
      ]);
      // Unchecking an allowed region cuts it from every override (docs/governance.md).
      res = await send('PATCH', '/api/tenants/tenant-004', { allowedRegions: ['us-east-1', 'eu-west-2'] });
      expect(JSON.parse(res.json().environmentRegionPolicies)).toEqual([
        { environment: 'uat', regions: ['eu-west-2'] },
        { environment: 'production', regions: ['us-east-1'] },
      ]);
      // Disabling an environment keeps its override stored, for when it is enabled again.
      res = await send('PATCH', '/api/tenants/tenant-004', { productionEnabled: false });
      expect(JSON.parse(res.json().environmentRegionPolicies)).toEqual([
        { environment: 'uat', regions: ['eu-west-2'] },
        { environment: 'production', regions: ['us-east-1'] },
      ]);
      // Overrides with no regions at all are stored as null.
      res = await send('PATCH', '/api/tenants/tenant-003', {
        allowedRegions: ['us-east-1'],
        environmentRegionPolicies: policies([{ environment: 'uat', regions: [] }]),
      });
      expect(res.json().environmentRegionPolicies).toBeNull();
    });

    it('refuses an override outside the allowed regions or for a disabled environment', async () => {
      await send('PATCH', '/api/tenants/tenant-002', {
        allowedRegions: ['us-east-1'],
        productionEnabled: false,
      });
      for (const [list, message] of [
        [
          [{ environment: 'uat', regions: ['eu-west-1'] }],
          'Override regions must be allowed regions: eu-west-1',
        ],
        [
          [{ environment: 'production', regions: ['us-east-1'] }],
          'The production environment is not enabled for this tenant',
        ],
      ] as const) {
        const res = await send('PATCH', '/api/tenants/tenant-002', {
          environmentRegionPolicies: JSON.stringify(list),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
      const garbage = await send('PATCH', '/api/tenants/tenant-002', {
        environmentRegionPolicies: '{"environment":"uat"}',
      });
      expect(garbage.json().issues[0].path).toBe('body.environmentRegionPolicies');
    });

    it('lets tenant admins configure but not delete; only owners and global admins delete', async () => {
      const tenantAdmin = await sessionCookieFor(ctx().db, {
        id: 't-admin',
        email: 't-admin@a.io',
        roles: { 'tenant-003': 'admin' },
      });
      const owner = await sessionCookieFor(ctx().db, {
        id: 't-owner',
        email: 't-owner@a.io',
        roles: { 'tenant-003': 'owner' },
      });
      const as = (cookie: string, method: 'PATCH' | 'DELETE', payload?: object) =>
        ctx().app.inject({ method, url: '/api/tenants/tenant-003', payload, headers: { cookie } });
      expect((await as(tenantAdmin, 'PATCH', { description: 'Edited by the tenant admin' })).statusCode).toBe(
        200,
      );
      const refused = await as(tenantAdmin, 'DELETE');
      expect(refused.statusCode).toBe(403);
      expect((await send('POST', '/api/tenants', { name: 'x', owner: 'y' })).statusCode).toBe(201);
      const create = await ctx().app.inject({
        method: 'POST',
        url: '/api/tenants',
        payload: { name: 'x', owner: 'y' },
        headers: { cookie: owner },
      });
      expect(create.statusCode).toBe(403);
      expect((await as(owner, 'DELETE')).statusCode).toBe(200);
    });

    it('deletes a tenant with its web apps, profiles, subscriptions and meshes in one go', async () => {
      const res = await send('DELETE', '/api/tenants/tenant-001');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ webApps: 2, profiles: 2, subscriptions: 1, meshes: 1 });
      const { db } = ctx();
      for (const table of [webApps, userProfiles, capabilitySubscriptions, webAppMeshes]) {
        expect(await db.select().from(table).where(eq(table.tenantId, 'tenant-001'))).toEqual([]);
      }
      expect(await db.select().from(tenants).where(eq(tenants.id, 'tenant-001'))).toEqual([]);
      expect((await send('DELETE', '/api/tenants/tenant-001')).statusCode).toBe(404);
      expect((await send('PATCH', '/api/tenants/tenant-001', { name: 'x' })).statusCode).toBe(404);
    });
  },
  insertFixturesWithoutApprovals,
);

describeApi(
  'tenant blue-green',
  (ctx) => {
    const post = (path: string, payload: object) =>
      ctx().inject({ method: 'POST', url: `/api/tenants/tenant-002/${path}`, payload });

    it('refuses environments the tenant does not run', async () => {
      await ctx().inject({ method: 'PATCH', url: '/api/tenants/tenant-002', payload: { uatEnabled: false } });
      const res = await post('toggle-environment-blue-green', { environment: 'uat', enabled: true });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('The uat environment is not enabled for this tenant');
    });

    it('serialises 20 concurrent switches: 20 events, one consistent active slot', async () => {
      await post('toggle-environment-blue-green', { environment: 'production', enabled: true });
      await post('update-environment-slot-version', {
        environment: 'production',
        slot: 'green',
        version: '0.0.0',
      });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post('switch', { environment: 'production', toVersion: `1.0.${i}` }),
        ),
      );
      expect(results.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
      const config = parseBlueGreenConfig(
        (await ctx().get('/api/tenants/tenant-002')).json().blueGreenConfig,
      );
      const history = config.production?.deploymentHistory ?? [];
      expect(history).toHaveLength(20);
      history.forEach((event, i) => {
        if (i > 0) expect(event.fromSlot).toBe(history[i - 1]?.toSlot);
      });
      expect(config.production?.activeSlot).toBe('green');
      expect(new Set(history.map((e) => e.toVersion)).size).toBe(20);
    });
  },
  insertFixturesWithoutApprovals,
);
