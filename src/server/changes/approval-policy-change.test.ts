import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { changeRequestDetailSchema, type Change } from '../../contract/changes';
import { auditEvents } from '../db/schema';
import { describeApi } from '../test/api-harness';
import { changeRequestClient, SECOND_ADMIN } from '../test/change-requests';
import { insertFixtures } from '../test/fixtures';
import { TEST_ADMIN, type TestPersona } from '../test/sessions';

const OWNER: TestPersona = {
  id: 'ap-owner',
  email: 'ap-owner@example.com',
  roles: { 'tenant-001': 'owner' },
};
const TENANT_POLICY = '/api/tenants/tenant-001/approval-policy';
const PLATFORM_POLICY = '/api/approval-policy';
const counts = (development: number, uat: number, production: number) => ({
  requiredApprovals: { development, uat, production },
});
const lowerTenant = (production: number): Change => ({
  kind: 'approval_policy.set',
  tenantId: 'tenant-001',
  body: counts(0, 0, production),
});

describeApi(
  'change requests: lowering an approval policy',
  (ctx) => {
    const cr = changeRequestClient(ctx);
    const policy = async (path: string) => (await cr.call('GET', path)).json().requiredApprovals;
    const productionWrite = () =>
      cr.call(
        'POST',
        '/api/capability-subscriptions/versions',
        {
          subscriptionId: 'sub-tenant-001-api-002',
          tenantId: 'tenant-001',
          capabilityId: 'api-002',
          environment: 'production',
          region: 'us-east-1',
          configuration: '{"unreviewed":true}',
        },
        OWNER,
      );

    it('re-creates the silent bypass: a global administrator cannot set production to 0 directly', async () => {
      for (const path of [TENANT_POLICY, PLATFORM_POLICY]) {
        const lowered = await cr.call('PUT', path, counts(0, 0, 0));
        expect(lowered.statusCode).toBe(409);
        expect(lowered.json().code).toBe('APPROVAL_REQUIRED');
        expect(lowered.json().message).toMatch(/another global administrator/);
        expect(await policy(path)).toEqual({ development: 0, uat: 0, production: 1 });
      }
      // So the direct production write that was to follow is still refused.
      expect((await productionWrite()).json().code).toBe('APPROVAL_REQUIRED');
      const audit = await ctx()
        .db.select()
        .from(auditEvents)
        .where(eq(auditEvents.action, 'approval_policy.update'));
      expect(audit).toEqual([]);
    });

    it('raises, or keeps, a policy directly', async () => {
      expect((await cr.call('PUT', PLATFORM_POLICY, counts(1, 1, 2))).statusCode).toBe(200);
      expect((await cr.call('PUT', PLATFORM_POLICY, counts(1, 1, 2))).statusCode).toBe(200);
      expect(await policy(PLATFORM_POLICY)).toEqual({ development: 1, uat: 1, production: 2 });
      // Raising one environment while lowering another is a lowering.
      expect((await cr.call('PUT', PLATFORM_POLICY, counts(0, 2, 2))).json().code).toBe('APPROVAL_REQUIRED');
    });

    it('a lowering is a request that only another global administrator approves, never bypassed', async () => {
      const made = await cr.call('POST', '/api/change-requests', { change: lowerTenant(0) });
      expect(made.statusCode).toBe(201);
      const id = made.json().id as string;
      const detail = changeRequestDetailSchema.parse((await cr.detail(id)).json());
      expect(detail).toMatchObject({
        status: 'pending',
        kind: 'approval_policy.set',
        tenantId: 'tenant-001',
        environment: 'production',
        requiredApprovals: 1,
        title: 'Lower the approval policy of Acme Corp: production 1 → 0',
      });
      expect(detail.diff).toEqual([
        { label: 'development', before: 0, after: 0 },
        { label: 'uat', before: 0, after: 0 },
        { label: 'production', before: 1, after: 0 },
      ]);

      // Not the requester, and not the tenant's own owner: a tenant must not waive its own reviews.
      expect((await cr.approve(id, TEST_ADMIN)).statusCode).toBe(403);
      const owner = await cr.approve(id, OWNER);
      expect(owner.statusCode).toBe(403);
      expect(owner.json().message).toMatch(/Only global administrators/);
      expect(
        (await cr.call('GET', '/api/change-requests/summary', undefined, OWNER)).json().waitingForMe,
      ).toBe(0);
      expect(changeRequestDetailSchema.parse((await cr.detail(id, OWNER)).json()).can).toMatchObject({
        approve: false,
        reject: false,
        cancel: false,
      });
      expect(
        (await cr.call('GET', '/api/change-requests/summary', undefined, SECOND_ADMIN)).json().waitingForMe,
      ).toBe(1);

      const approved = await cr.approve(id, SECOND_ADMIN);
      expect(approved.json().status).toBe('applied');
      expect(await policy(TENANT_POLICY)).toMatchObject({ production: 0 });
      const [update] = await ctx()
        .db.select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'approval_policy.update'), eq(auditEvents.tenantId, 'tenant-001')));
      expect(update).toMatchObject({ actorEmail: TEST_ADMIN.email });
    });

    it('refuses a bypass of a lowering: it would be the silent bypass again', async () => {
      expect((await cr.call('PUT', TENANT_POLICY, counts(0, 0, 1))).statusCode).toBe(200);
      const bypassed = await cr.call('POST', '/api/change-requests', {
        change: lowerTenant(0),
        bypassReason: 'hurry',
      });
      expect(bypassed.statusCode).toBe(403);
      expect(bypassed.json().message).toMatch(/cannot be bypassed/);
      expect(await policy(TENANT_POLICY)).toMatchObject({ production: 1 });
      // Only global administrators ask for it at all.
      const asOwner = await cr.call('POST', '/api/change-requests', { change: lowerTenant(0) }, OWNER);
      expect(asOwner.statusCode).toBe(403);
    });

    it('needs an approval even where the policy it lowers asks for none elsewhere, and goes stale', async () => {
      expect((await cr.call('PUT', PLATFORM_POLICY, counts(1, 1, 2))).statusCode).toBe(200);
      const id = await cr.request({ kind: 'approval_policy.set', tenantId: null, body: counts(0, 1, 2) });
      expect((await cr.detail(id)).json()).toMatchObject({
        environment: 'development',
        requiredApprovals: 1,
        tenantId: null,
      });
      // The policy moved meanwhile: the reviewer would approve a diff that is no longer true.
      expect((await cr.call('PUT', PLATFORM_POLICY, counts(1, 2, 2))).statusCode).toBe(200);
      await cr.expectStale(id, 'the policy was raised after the request');
    });
  },
  insertFixtures,
);
