import { expect, it } from 'vitest';
import { describeApi } from '../test/api-harness';
import { insertFixturesWithoutApprovals, waiveApprovalsOf } from '../test/fixtures';

const VERSIONS = '/api/capability-subscriptions/versions';
const policies = (list: object[] | null) => (list ? JSON.stringify(list) : null);

describeApi(
  'data governance never widens by accident',
  (ctx) => {
    const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      ctx().inject({ method, url, payload });
    const patch = (id: string, payload: object) => send('PATCH', `/api/tenants/${id}`, payload);
    const overridesOf = async (id: string) => {
      const text = (await ctx().get(`/api/tenants/${id}`)).json().environmentRegionPolicies as string | null;
      return text ? (JSON.parse(text) as object[]) : null;
    };
    /** A fresh tenant with the given regions and overrides, so each test starts from what it states. */
    const tenantWith = async (allowedRegions: string[], overrides: object[]) => {
      const res = await send('POST', '/api/tenants', {
        name: 'Governed',
        owner: 'gov@example.com',
        allowedRegions,
        environmentRegionPolicies: policies(overrides),
      });
      expect(res.statusCode).toBe(201);
      const id = res.json().id as string;
      // Governance, not approvals, is under test here: production writes apply directly.
      await waiveApprovalsOf(ctx().db, [id]);
      return id;
    };
    const createVersion = (tenantId: string, environment: string, region: string) =>
      send('POST', VERSIONS, {
        subscriptionId: `sub-${tenantId}-api-002`,
        tenantId,
        capabilityId: 'api-002',
        environment,
        region,
        configuration: '{"rateLimit":10}',
      });

    it('narrowing the allowed regions cuts every override to them and keeps the rest', async () => {
      const id = await tenantWith(
        ['us-east-1', 'eu-west-1', 'ap-south-1'],
        [
          { environment: 'uat', regions: ['ap-south-1'] },
          { environment: 'production', regions: ['us-east-1', 'eu-west-1'] },
        ],
      );
      const res = await patch(id, { allowedRegions: ['us-east-1', 'ap-south-1'] });
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(res.json().environmentRegionPolicies)).toEqual([
        { environment: 'uat', regions: ['ap-south-1'] },
        { environment: 'production', regions: ['us-east-1'] },
      ]);
    });

    it('refuses (409 naming it) a narrowing that would leave an override empty, unless confirmed', async () => {
      const id = await tenantWith(
        ['us-east-1', 'ap-south-1'],
        [{ environment: 'uat', regions: ['ap-south-1'] }],
      );
      const refused = await patch(id, { allowedRegions: ['us-east-1'] });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'CONFLICT',
        message:
          "UAT's region override (ap-south-1) would be left with no allowed region: uat would accept us-east-1, which it refuses today. Send confirmWidening: true to confirm.",
      });
      expect(await overridesOf(id)).toEqual([{ environment: 'uat', regions: ['ap-south-1'] }]);
      const confirmed = await patch(id, { allowedRegions: ['us-east-1'], confirmWidening: true });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({
        allowedRegions: ['us-east-1'],
        environmentRegionPolicies: null,
      });
    });

    it('keeps the production override through production off and on: it still refuses the excluded region', async () => {
      const id = await tenantWith(
        ['us-east-1', 'eu-west-1'],
        [{ environment: 'production', regions: ['us-east-1'] }],
      );
      const off = await patch(id, { productionEnabled: false });
      expect(off.statusCode).toBe(200);
      expect(JSON.parse(off.json().environmentRegionPolicies)).toEqual([
        { environment: 'production', regions: ['us-east-1'] },
      ]);
      // Narrowing while production is off still cuts (and guards) its stored override.
      expect((await patch(id, { allowedRegions: ['eu-west-1'] })).statusCode).toBe(409);
      // The control plane hides a disabled environment's override and sends the others only.
      expect(
        (await patch(id, { allowedRegions: ['us-east-1', 'eu-west-1'], environmentRegionPolicies: null }))
          .statusCode,
      ).toBe(200);
      const on = await patch(id, { productionEnabled: true });
      expect(on.statusCode).toBe(200);
      expect(JSON.parse(on.json().environmentRegionPolicies)).toEqual([
        { environment: 'production', regions: ['us-east-1'] },
      ]);
      const excluded = await createVersion(id, 'production', 'eu-west-1');
      expect(excluded.statusCode).toBe(409);
      expect(excluded.json().message).toContain('outside the production region override');
      expect((await createVersion(id, 'production', 'us-east-1')).statusCode).toBe(201);
    });

    it('accepts its stored override echoed back for a disabled environment, refuses another one', async () => {
      const id = await tenantWith(
        ['us-east-1', 'eu-west-1'],
        [{ environment: 'production', regions: ['us-east-1'] }],
      );
      const stored = (await patch(id, { productionEnabled: false })).json().environmentRegionPolicies;
      expect((await patch(id, { environmentRegionPolicies: stored })).statusCode).toBe(200);
      const other = await patch(id, {
        environmentRegionPolicies: policies([{ environment: 'production', regions: ['eu-west-1'] }]),
      });
      expect(other.statusCode).toBe(400);
      expect(other.json().message).toBe('The production environment is not enabled for this tenant');
    });

    it('refuses a widening change with 409 without confirmWidening and applies it with', async () => {
      const id = await tenantWith(
        ['us-east-1', 'eu-west-1'],
        [{ environment: 'production', regions: ['us-east-1'] }],
      );
      // What the control plane sends when every production override box is unchecked.
      const change = { allowedRegions: ['us-east-1', 'eu-west-1'], environmentRegionPolicies: null };
      const refused = await patch(id, change);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        code: 'CONFLICT',
        message:
          "Production's region override would be removed: production would accept eu-west-1, which it refuses today. Send confirmWidening: true to confirm.",
        issues: [{ path: 'body.confirmWidening' }],
      });
      expect((await createVersion(id, 'production', 'eu-west-1')).statusCode).toBe(409);
      const confirmed = await patch(id, { ...change, confirmWidening: true });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json().environmentRegionPolicies).toBeNull();
      expect((await createVersion(id, 'production', 'eu-west-1')).statusCode).toBe(201);
    });

    it('refuses a widened override and cleared allowed regions; a deliberately added region needs no confirmation', async () => {
      const id = await tenantWith(
        ['us-east-1', 'eu-west-1'],
        [{ environment: 'production', regions: ['us-east-1'] }],
      );
      const widened = await patch(id, {
        environmentRegionPolicies: policies([
          { environment: 'production', regions: ['us-east-1', 'eu-west-1'] },
        ]),
      });
      expect(widened.statusCode).toBe(409);
      expect(widened.json().message).toMatch(
        /^Production's region override would be widened: production would accept eu-west-1/,
      );
      const cleared = await patch(id, { allowedRegions: [] });
      expect(cleared.statusCode).toBe(409);
      expect(cleared.json().message).toContain(
        'Clearing the allowed regions would lift every region limit: development would accept',
      );
      expect(cleared.json().message).toContain("Production's region override would be removed");
      // Checking one more allowed region widens only environments without an override, as asked.
      const added = await patch(id, {
        allowedRegions: ['us-east-1', 'eu-west-1', 'ap-south-1'],
      });
      expect(added.statusCode).toBe(200);
      expect(JSON.parse(added.json().environmentRegionPolicies)).toEqual([
        { environment: 'production', regions: ['us-east-1'] },
      ]);
    });
  },
  insertFixturesWithoutApprovals,
);
