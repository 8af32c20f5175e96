import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures';
import { CONTROL_PLANE, patchTenant, registerCapability, TENANT_ID, toast } from './helpers';

/** A capability tenant-001 subscribes to in development and UAT (a configuration version in each). */
async function subscribedCapability(request: APIRequestContext, name: string): Promise<string> {
  await patchTenant(request, {
    developmentEnabled: true,
    uatEnabled: true,
    allowedRegions: ['us-east-1', 'us-west-2', 'eu-west-1'],
    environmentRegionPolicies: null,
    confirmWidening: true,
  });
  const capabilityId = await registerCapability(request, name);
  for (const environment of ['development', 'uat']) {
    const res = await request.post('/api/capability-subscriptions/versions', {
      data: {
        subscriptionId: `sub-${TENANT_ID}-${capabilityId}`,
        tenantId: TENANT_ID,
        capabilityId,
        environment,
        region: 'us-east-1',
        configuration: '{}',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return capabilityId;
}

test('promote a gateway route from development to UAT and see it in UAT with its origin', async ({
  page,
  request,
}) => {
  const stamp = Date.now();
  const capabilityId = await subscribedCapability(request, `E2E Gateway Promotion ${stamp}`);
  const path = `/e2e-promoted-${stamp}`;
  const created = await request.post(`/api/tenants/${TENANT_ID}/gateway-routes`, {
    data: {
      capabilityId,
      environment: 'development',
      path,
      methods: ['GET'],
      targetService: 'http://promoted.internal:8080',
      rateLimit: 250,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto(`${CONTROL_PLANE}?tab=gateway&env=development`);
  await page.getByRole('searchbox', { name: 'Search routes by path or target' }).fill(path);
  const row = page.getByTestId('route-row').filter({ hasText: path });
  await row.getByRole('button', { name: `Actions for route ${path}` }).click();
  await page.getByRole('menuitem', { name: 'Promote to UAT' }).click();

  const dialog = page.getByRole('dialog', { name: 'Promote to UAT' });
  await expect(dialog.getByRole('region', { name: 'Changes in UAT' })).toContainText('Nothing there yet');
  await dialog.getByRole('button', { name: 'Promote' }).click();
  await expect(toast(page)).toContainText('Promoted to UAT');
  await expect(dialog).toBeHidden();

  await page.goto(`${CONTROL_PLANE}?tab=gateway&env=uat`);
  await page.getByRole('searchbox', { name: 'Search routes by path or target' }).fill(path);
  const uatRow = page.getByTestId('route-row').filter({ hasText: path });
  await expect(uatRow).toContainText('250/min');
  await expect(uatRow.getByTestId('route-version')).toHaveText('v1');
  await uatRow.getByRole('button', { name: `Actions for route ${path}` }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'Route Version History' });
  const item = history.getByTestId('history-version');
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('promoted-from')).toHaveText('Promoted from Development · v1');
  await expect(history.getByRole('button', { name: 'Promote to Production' })).toBeVisible();
});
