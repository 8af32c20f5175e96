import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { configurationVersionSchema } from '../../contract/capability-subscriptions';
import type { Environment } from '../../contract/common';
import { auditEvents, capabilities, capabilitySubscriptionVersions as versions, tenants } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixturesWithoutApprovals } from '../test/fixtures';
import { sessionCookieFor } from '../test/sessions';

const URL = '/api/capability-subscriptions/versions';

// Fixtures: tenant-001 allows us-east-1 and eu-west-1; its production override is us-east-1 only.
// tenant-003 has UAT disabled (set below). api-002 has a JSON Schema requiring rateLimit >= 1.
describeApi(
  'configuration version promotion',
  (ctx) => {
    const create = (payload: object) =>
      ctx().inject({
        method: 'POST',
        url: URL,
        payload: {
          subscriptionId: 'sub-tenant-001-api-002',
          tenantId: 'tenant-001',
          capabilityId: 'api-002',
          environment: 'development',
          region: 'us-east-1',
          configuration: '{"rateLimit":10}',
          ...payload,
        },
      });
    const promote = (id: string, payload: object, cookie?: string) =>
      ctx().inject({
        method: 'POST',
        url: `${URL}/${id}/promote`,
        payload,
        ...(cookie ? { headers: { cookie } } : {}),
      });
    const countIn = async (tenantId: string, environment: Environment) =>
      (
        await ctx()
          .db.select({ id: versions.id })
          .from(versions)
          .where(and(eq(versions.tenantId, tenantId), eq(versions.environment, environment)))
      ).length;
    let devId = '';

    it('promotes development to UAT in two regions: new active versions linked to their source, audited', async () => {
      const dev = await create({});
      expect(dev.statusCode).toBe(201);
      devId = dev.json().id;
      const res = await promote(devId, {
        targetEnvironment: 'uat',
        targetRegions: ['us-east-1', 'eu-west-1'],
        notes: 'release 1',
      });
      expect(res.statusCode).toBe(201);
      const created = res.json().map((v: unknown) => configurationVersionSchema.parse(v));
      const source = { versionId: devId, environment: 'development', region: 'us-east-1', version: 1 };
      expect(created.map((v: { region: string }) => v.region)).toEqual(['us-east-1', 'eu-west-1']);
      for (const version of created) {
        expect(version).toMatchObject({
          environment: 'uat',
          version: 1,
          isActive: true,
          configuration: '{"rateLimit":10}',
          notes: 'release 1',
          createdBy: 'test-admin@example.com',
          promotedFrom: source,
        });
      }
      const active = await ctx().get(`${URL}/active/tenant-001/api-002/uat/eu-west-1`);
      expect(active.json()).toMatchObject({ id: created[1].id, promotedFrom: source });
      const history = await ctx().get(`${URL}/history/tenant-001/api-002/uat/us-east-1`);
      expect(history.json()[0].promotedFrom).toEqual(source);
      // The source's own history has no link.
      const devHistory = await ctx().get(`${URL}/history/tenant-001/api-002/development/us-east-1`);
      expect(devHistory.json()[0].promotedFrom).toBeNull();

      const audit = await ctx()
        .db.select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'configuration_version.promote'));
      expect(audit.map((e) => e.resourceId).sort()).toEqual(created.map((v: { id: string }) => v.id).sort());
      expect(JSON.parse(audit[0]?.changes ?? '{}')).toMatchObject({
        environment: 'uat',
        promotedFrom: source,
      });
    });

    it('makes the promoted copy the next version, the previous one inactive', async () => {
      const dev = await create({ configuration: '{"rateLimit":20}' });
      const res = await promote(dev.json().id, { targetEnvironment: 'uat', targetRegions: ['us-east-1'] });
      expect(res.statusCode).toBe(201);
      expect(res.json()[0]).toMatchObject({ version: 2, promotedFrom: { version: 2 } });
      const history = (await ctx().get(`${URL}/history/tenant-001/api-002/uat/us-east-1`)).json();
      expect(history.map((v: { version: number; isActive: boolean }) => [v.version, v.isActive])).toEqual([
        [2, true],
        [1, false],
      ]);
    });

    it('refuses skipping an environment and promoting production, naming body.targetEnvironment', async () => {
      const skip = await promote(devId, { targetEnvironment: 'production', targetRegions: ['us-east-1'] });
      expect(skip.statusCode).toBe(400);
      expect(skip.json().message).toBe('A development version can only be promoted to uat');
      expect(skip.json().issues[0].path).toBe('body.targetEnvironment');
      const same = await promote(devId, { targetEnvironment: 'development', targetRegions: ['eu-west-1'] });
      expect(same.statusCode).toBe(400);
      const fromProduction = await promote('ver-2', {
        targetEnvironment: 'uat',
        targetRegions: ['us-east-1'],
      });
      expect(fromProduction.statusCode).toBe(400);
      expect(fromProduction.json().issues[0].path).toBe('body.targetEnvironment');
      expect(await countIn('tenant-001', 'production')).toBe(3);
    });

    it('refuses bad bodies with a 400 naming the field', async () => {
      const cases: [object, string][] = [
        [{ targetEnvironment: 'uat', targetRegions: [] }, 'body.targetRegions'],
        [{ targetEnvironment: 'uat', targetRegions: ['mars-1'] }, 'body.targetRegions.0'],
        [{ targetEnvironment: 'staging', targetRegions: ['us-east-1'] }, 'body.targetEnvironment'],
      ];
      for (const [payload, field] of cases) {
        const res = await promote(devId, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().issues[0].path).toBe(field);
      }
    });

    it('refuses a disabled target environment with a 409 naming it, writing nothing', async () => {
      const dev = await ctx().inject({
        method: 'POST',
        url: URL,
        payload: {
          subscriptionId: 'sub-tenant-003-api-001',
          tenantId: 'tenant-003',
          capabilityId: 'api-001',
          environment: 'development',
          region: 'us-east-1',
          configuration: '{}',
        },
      });
      expect(dev.statusCode).toBe(201);
      const res = await promote(dev.json().id, { targetEnvironment: 'uat', targetRegions: ['us-east-1'] });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('The uat environment is not enabled for tenant Initech');
      expect(res.json().issues[0].path).toBe('body.targetEnvironment');
      expect(await countIn('tenant-003', 'uat')).toBe(0);
    });

    it('refuses a region the target environment does not accept: 409 naming it, no region written', async () => {
      const uat = (await ctx().get(`${URL}/active/tenant-001/api-002/uat/us-east-1`)).json();
      const before = await countIn('tenant-001', 'production');
      const res = await promote(uat.id, {
        targetEnvironment: 'production',
        targetRegions: ['us-east-1', 'eu-west-1'],
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'Region eu-west-1 is outside the production region override of tenant Acme Corp (us-east-1)',
      );
      expect(res.json().issues[0].path).toBe('body.targetRegions.1');
      expect(await countIn('tenant-001', 'production')).toBe(before);
      // The accepted region alone goes through.
      const ok = await promote(uat.id, { targetEnvironment: 'production', targetRegions: ['us-east-1'] });
      expect(ok.statusCode).toBe(201);
      expect(ok.json()[0]).toMatchObject({ environment: 'production', promotedFrom: { environment: 'uat' } });
    });

    it("checks the capability's JSON Schema as on create: a violation writes nothing in any region", async () => {
      // Stored before the schema tightened: valid then, invalid now.
      await ctx()
        .db.update(capabilities)
        .set({
          configurationSchema: JSON.stringify({
            type: 'object',
            required: ['rateLimit'],
            properties: { rateLimit: { type: 'integer', minimum: 50 } },
          }),
        })
        .where(eq(capabilities.id, 'api-002'));
      const before = await countIn('tenant-001', 'uat');
      const res = await promote(devId, {
        targetEnvironment: 'uat',
        targetRegions: ['us-east-1', 'eu-west-1'],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe('configuration.rateLimit');
      expect(await countIn('tenant-001', 'uat')).toBe(before);
      const audit = await ctx()
        .db.select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'configuration_version.promote'));
      expect(audit).toHaveLength(4);
    });

    it('lets developers promote, refuses members (403); 404 for an unknown version', async () => {
      const developer = await sessionCookieFor(ctx().db, {
        id: 'p-dev',
        email: 'dev@a.io',
        roles: { 'tenant-001': 'developer' },
      });
      const member = await sessionCookieFor(ctx().db, {
        id: 'p-member',
        email: 'member@a.io',
        roles: { 'tenant-001': 'member' },
      });
      const dev = await create({ capabilityId: 'api-001', subscriptionId: 'sub-tenant-001-api-001' });
      const payload = { targetEnvironment: 'uat', targetRegions: ['eu-west-1'] };
      const before = await countIn('tenant-001', 'uat');
      expect((await promote(dev.json().id, payload, member)).statusCode).toBe(403);
      expect(await countIn('tenant-001', 'uat')).toBe(before);
      const ok = await promote(dev.json().id, payload, developer);
      expect(ok.statusCode).toBe(201);
      expect(ok.json()[0].createdBy).toBe('dev@a.io');
      expect((await promote('no-such-version', payload)).statusCode).toBe(404);
    });
  },
  async (db) => {
    await insertFixturesWithoutApprovals(db);
    await db.update(tenants).set({ uatEnabled: false }).where(eq(tenants.id, 'tenant-003'));
    await db
      .update(capabilities)
      .set({
        configurationSchema: JSON.stringify({
          type: 'object',
          required: ['rateLimit'],
          properties: { rateLimit: { type: 'integer', minimum: 1 } },
        }),
      })
      .where(eq(capabilities.id, 'api-002'));
  },
);
