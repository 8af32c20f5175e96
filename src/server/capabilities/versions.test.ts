import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { configurationVersionSchema } from '../../contract/capability-subscriptions';
import {
  capabilities,
  capabilitySubscriptions,
  capabilitySubscriptionVersions as versions,
} from '../db/schema';
import { describeApi } from '../test/api-harness';
import { insertFixturesWithoutApprovals } from '../test/fixtures';
import { sessionCookieFor } from '../test/sessions';

const URL = '/api/capability-subscriptions/versions';
const context = {
  tenantId: 'tenant-001',
  capabilityId: 'api-002',
  environment: 'production',
  region: 'us-east-1',
} as const;
const body = (extra: object = {}) => ({
  subscriptionId: 'sub-tenant-001-api-002',
  ...context,
  configuration: '{"rateLimit":10}',
  ...extra,
});

describeApi(
  'configuration versions',
  (ctx) => {
    const create = (payload: object) => ctx().inject({ method: 'POST', url: URL, payload });
    const activate = (id: string) => ctx().inject({ method: 'POST', url: `${URL}/${id}/activate` });

    it('creates the subscription on first use and version 1 as the active one, createdBy from the session', async () => {
      const res = await create(body({ createdBy: 'mallory@example.com', notes: 'first' }));
      expect(res.statusCode).toBe(201);
      expect(configurationVersionSchema.parse(res.json())).toMatchObject({
        version: 1,
        isActive: true,
        status: 'active',
        createdBy: 'test-admin@example.com',
        notes: 'first',
      });
      const [subscription] = await ctx()
        .db.select()
        .from(capabilitySubscriptions)
        .where(eq(capabilitySubscriptions.id, 'sub-tenant-001-api-002'));
      expect(subscription).toMatchObject({ tenantId: 'tenant-001', capabilityId: 'api-002' });
    });

    it('numbers the next version one higher, makes it active and the previous inactive', async () => {
      const second = (await create(body({ configuration: '{"rateLimit":20}' }))).json();
      expect(second).toMatchObject({ version: 2, isActive: true });
      const history = (await ctx().get(`${URL}/history/tenant-001/api-002/production/us-east-1`)).json();
      expect(history.map((v: { version: number; isActive: boolean }) => [v.version, v.isActive])).toEqual([
        [2, true],
        [1, false],
      ]);
      expect((await ctx().get(`${URL}/active/tenant-001/api-002/production/us-east-1`)).json().id).toBe(
        second.id,
      );
    });

    it('activates an older version: it becomes the only active one; 404 for an unknown id', async () => {
      const history = (await ctx().get(`${URL}/history/tenant-001/api-002/production/us-east-1`)).json();
      const oldest = history.at(-1);
      const res = await activate(oldest.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: oldest.id, isActive: true });
      const active = await ctx()
        .db.select()
        .from(versions)
        .where(and(eq(versions.subscriptionId, 'sub-tenant-001-api-002'), eq(versions.isActive, true)));
      expect(active.map((v) => v.id)).toEqual([oldest.id]);
      expect((await activate('no-such-version')).statusCode).toBe(404);
    });

    it('refuses a mismatching subscription id, non-JSON configuration and values outside the spec', async () => {
      const cases: [object, string][] = [
        [body({ subscriptionId: 'sub-tenant-002-api-002' }), 'body.subscriptionId'],
        [body({ configuration: '{not json' }), 'body.configuration'],
        [body({ environment: 'staging' }), 'body.environment'],
        [body({ region: 'mars-1' }), 'body.region'],
      ];
      for (const [payload, field] of cases) {
        const res = await create(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().issues[0].path).toBe(field);
      }
    });

    it("checks the capability's JSON Schema, listing each violation", async () => {
      const res = await create(body({ configuration: '{"rateLimit":0,"mode":7}' }));
      expect(res.statusCode).toBe(400);
      const paths = res
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort();
      expect(paths).toEqual(['body.configuration.mode', 'body.configuration.rateLimit']);
      expect((await create(body({ configuration: '' }))).statusCode).toBe(400);
    });

    it('treats an empty configuration as {} where the schema allows it', async () => {
      const res = await create({
        subscriptionId: 'sub-tenant-001-api-001',
        ...context,
        capabilityId: 'api-001',
        region: 'us-east-1',
        configuration: '',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().configuration).toBe('{}');
      expect(res.json().version).toBe(3);
    });

    it("enforces the tenant's data governance with a 409 naming the rule", async () => {
      const outside = await create(body({ region: 'ap-south-1' }));
      expect(outside.statusCode).toBe(409);
      expect(outside.json().message).toBe(
        'Region ap-south-1 is not among the allowed regions of tenant Acme Corp (us-east-1, eu-west-1)',
      );
      const override = await create(body({ region: 'eu-west-1' }));
      expect(override.statusCode).toBe(409);
      expect(override.json().message).toBe(
        'Region eu-west-1 is outside the production region override of tenant Acme Corp (us-east-1)',
      );
      expect((await create(body({ environment: 'uat', region: 'eu-west-1' }))).statusCode).toBe(201);
    });

    it('lets developers create versions and members only read', async () => {
      const developer = await sessionCookieFor(ctx().db, {
        id: 'v-dev',
        email: 'dev@a.io',
        roles: { 'tenant-001': 'developer' },
      });
      const member = await sessionCookieFor(ctx().db, {
        id: 'v-member',
        email: 'member@a.io',
        roles: { 'tenant-001': 'member' },
      });
      const as = (cookie: string) =>
        ctx().app.inject({
          method: 'POST',
          url: URL,
          payload: body({ environment: 'development', region: 'us-east-1' }),
          headers: { cookie },
        });
      expect((await as(developer)).json()).toMatchObject({ createdBy: 'dev@a.io', version: 1 });
      expect((await as(member)).statusCode).toBe(403);
    });

    it('never gives two active versions or one number twice under 20 concurrent creates', async () => {
      const payload = body({ environment: 'uat', region: 'us-east-1' });
      const results = await Promise.all(Array.from({ length: 20 }, () => create(payload)));
      expect(results.map((r) => r.statusCode).filter((s) => s !== 201)).toEqual([]);
      const rows = await ctx()
        .db.select()
        .from(versions)
        .where(
          and(
            eq(versions.subscriptionId, 'sub-tenant-001-api-002'),
            eq(versions.environment, 'uat'),
            eq(versions.region, 'us-east-1'),
          ),
        );
      expect(rows.map((v) => v.version).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      expect(rows.filter((v) => v.isActive).map((v) => v.version)).toEqual([20]);
    });
  },
  async (db) => {
    await insertFixturesWithoutApprovals(db);
    await db
      .update(capabilities)
      .set({
        configurationSchema: JSON.stringify({
          type: 'object',
          required: ['rateLimit'],
          properties: { rateLimit: { type: 'integer', minimum: 1 }, mode: { type: 'string' } },
        }),
      })
      .where(eq(capabilities.id, 'api-002'));
  },
);
