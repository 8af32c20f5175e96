import type { APIRequestContext } from '@playwright/test';
import type { ChangeRequest, ChangeRequestDetail } from '../../src/contract/changes';
import { startHealthServer, type HealthServer } from '../../src/server/test/health-server';
import { expect, test } from '../fixtures';
import { productionSlots } from '../deployments/helpers';
import { adminBPage, waitForLive } from '../live/helpers';
import { productionCapabilityAtVersion1 } from './helpers';

/*
 * Issue 37's rollback, end to end: administrator B files a release (a configuration, a gateway route, an
 * OPA policy and a progressive switch of a microfrontend in production); administrator A approves it in
 * the console. The new slot's health check (this test's own server) then fails at the first step: the
 * rollout rolls back and the whole release with it, every target back as it was, seen on the request's
 * page without a reload.
 */

let health: HealthServer;
test.beforeAll(async () => {
  health = await startHealthServer();
});
test.afterAll(async () => {
  await health.close();
});

async function activeConfiguration(admin: APIRequestContext, capabilityId: string): Promise<string> {
  const res = await admin.get(
    `/api/capability-subscriptions/versions/active/tenant-001/${capabilityId}/production/us-east-1`,
  );
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { configuration: string }).configuration;
}

async function routePaths(admin: APIRequestContext): Promise<string[]> {
  const res = await admin.get('/api/tenants/tenant-001/gateway-routes?environment=production');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { path: string }[]).map((route) => route.path);
}

async function policyNames(admin: APIRequestContext): Promise<string[]> {
  const res = await admin.get('/api/tenants/tenant-001/opa-policies?environment=production');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { name: string }[]).map((policy) => policy.name);
}

test('a release whose progressive switch fails its health check at the first step undoes itself completely', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const capabilityId = await productionCapabilityAtVersion1(request, `E2E Rollback ${stamp}`);
  health.set({ status: 200 });
  // 1.0.0 live in production, 2.0.0 on the idle green slot with a health check on this test's server.
  const mfe = await productionSlots(request, stamp, health.url(`/${stamp}/green`));

  // Administrator B files the release once the new slot passed its check.
  const b = await adminBPage(browser, request);
  await expect
    .poll(async () => {
      const res = await b.request.get(`/api/deployments/microfrontend/${mfe.id}/environment/production`);
      return ((await res.json()) as { slot: string; healthStatus: string }[]).find((s) => s.slot === 'green')
        ?.healthStatus;
    })
    .toBe('healthy');
  const path = `/e2e-rollback-${stamp}`;
  const policy = `E2E rollback ${stamp}`;
  const filed = await b.request.post('/api/change-requests', {
    data: {
      title: `Release ${stamp}`,
      changes: [
        {
          kind: 'configuration.create',
          body: {
            subscriptionId: `sub-tenant-001-${capabilityId}`,
            tenantId: 'tenant-001',
            capabilityId,
            environment: 'production',
            region: 'us-east-1',
            configuration: '{"level": 2}',
          },
        },
        {
          kind: 'gateway_route.create',
          tenantId: 'tenant-001',
          body: {
            capabilityId,
            environment: 'production',
            path,
            methods: ['GET'],
            targetService: 'orders:8080',
            authRequired: true,
            rateLimit: null,
          },
        },
        {
          kind: 'opa_policy.create',
          tenantId: 'tenant-001',
          body: {
            capabilityId,
            environment: 'production',
            name: policy,
            policyType: 'authz',
            enabled: true,
            policyContent: `package tenants.tenant_001.e2e_${stamp}\n\ndefault allow := false\n`,
          },
        },
        {
          kind: 'microfrontend_deployment.switch',
          body: {
            microfrontendId: mfe.id,
            environment: 'production',
            progressive: { steps: [25, 50, 100], analysisWindowSeconds: 30 },
          },
        },
      ],
    },
  });
  expect(filed.status(), await filed.text()).toBe(201);
  const release = (await filed.json()) as ChangeRequest;
  expect(release).toMatchObject({ status: 'pending', changeCount: 4 });

  // Administrator A reviews it in the console and approves: all four apply, the rollout starts.
  await page.goto(`/changes/${release.id}`);
  await waitForLive(page);
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Rolled back')).toHaveCount(0);
  await expect.poll(async () => activeConfiguration(request, capabilityId)).toBe('{"level": 2}');
  expect(await routePaths(request)).toContain(path);
  expect(await policyNames(request)).toContain(policy);

  // The new slot fails at the first step: the rollout rolls back, and the release with it, by itself.
  health.set({ status: 503 });
  await expect(page.getByText('reverted every change of the set, as one')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Rolled back', { exact: true })).toHaveCount(4);
  expect(await activeConfiguration(request, capabilityId)).toBe('{"level": 1}');
  expect(await routePaths(request)).not.toContain(path);
  expect(await policyNames(request)).not.toContain(policy);
  const slots = (await (
    await request.get(`/api/deployments/microfrontend/${mfe.id}/environment/production`)
  ).json()) as { slot: string; trafficPercentage: number }[];
  expect(slots.find((s) => s.slot === 'blue')?.trafficPercentage).toBe(100);

  // The record: the request says why, its timeline's last event is the revert by "system".
  const detail = (await (
    await request.get(`/api/change-requests/${release.id}`)
  ).json()) as ChangeRequestDetail;
  expect(detail.outcome).toMatch(/^Reverted: /);
  expect(detail.events.at(-1)).toMatchObject({ kind: 'revert', author: 'system' });
  console.info(
    `release #${detail.number}: ${detail.outcome}\n${detail.events.map((e) => `${e.createdAt} ${e.kind} by ${e.author}${e.body ? `: ${e.body}` : ''}`).join('\n')}`,
  );
  await b.context().close();
});
