import { expect, test } from '../fixtures';
import { CONTROL_PLANE, patchTenant, registerCapability, toast } from './helpers';

test('promote a development configuration to UAT and see it on the UAT card and history', async ({
  page,
  request,
}) => {
  // Development and UAT enabled, us-east-1 accepted in both.
  await patchTenant(request, {
    developmentEnabled: true,
    uatEnabled: true,
    allowedRegions: ['us-east-1', 'us-west-2', 'eu-west-1'],
    environmentRegionPolicies: null,
    confirmWidening: true,
  });
  const name = `E2E Promotion ${Date.now()}`;
  const capabilityId = await registerCapability(request, name);
  const created = await request.post('/api/capability-subscriptions/versions', {
    data: {
      subscriptionId: `sub-tenant-001-${capabilityId}`,
      tenantId: 'tenant-001',
      capabilityId,
      environment: 'development',
      region: 'us-east-1',
      configuration: '{"level": 7}',
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  const chooseContext = async (environment: string) => {
    await page.getByLabel('Environment').click();
    await page.getByRole('option', { name: environment }).click();
    await page.getByLabel('AWS Region').click();
    await page.getByRole('option', { name: 'us-east-1' }).click();
  };
  await page.goto(CONTROL_PLANE);
  await chooseContext('Development');
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'Configuration Version History' });
  await history.getByRole('button', { name: 'Promote to UAT' }).click();

  const dialog = page.getByRole('dialog', { name: 'Promote to UAT' });
  await expect(dialog.getByLabel('us-east-1')).toBeChecked();
  await expect(dialog.getByTestId('promote-diff-us-east-1')).toContainText('Nothing active there yet.');
  await dialog.getByLabel('Notes').fill('Ready for UAT');
  await dialog.getByRole('button', { name: 'Promote' }).click();
  await expect(toast(page)).toContainText('Promoted to UAT');
  await expect(dialog).toBeHidden();
  // Like an activation, a promotion closes the history too.
  await expect(history).toBeHidden();

  await chooseContext('UAT');
  await expect(card.getByText('Version 1')).toBeVisible();
  await expect(card.getByTestId('active-configuration-text')).toHaveText('{\n  "level": 7\n}');
  await card.getByRole('button', { name: 'History' }).click();
  const uatHistory = page.getByRole('dialog', { name: 'Configuration Version History' });
  const item = uatHistory.getByTestId('history-version');
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('promoted-from')).toHaveText('Promoted from Development · us-east-1 · v1');
  await expect(item).toContainText('Ready for UAT');
});
