import { expect, test } from '../fixtures';
import { CONTROL_PLANE, patchTenant } from './helpers';

test('the control-plane tab, environment and region survive a reload', async ({ page, request }) => {
  // The selects offer only what the tenant allows: allow every region, UAT enabled.
  await patchTenant(request, {
    uatEnabled: true,
    allowedRegions: null,
    environmentRegionPolicies: null,
    confirmWidening: true,
  });
  await page.goto(CONTROL_PLANE);
  await expect(page.getByRole('article').first()).toBeVisible();

  await page.getByLabel('Environment').click();
  await page.getByRole('option', { name: 'UAT', exact: true }).click();
  // Both selects write the query string: pick the region once the environment's write has landed, so the
  // two writes cannot race (the CI run of b8d29a0 lost the region this way).
  await expect(page).toHaveURL(/env=uat/);
  await page.getByLabel('AWS Region').click();
  await page.getByRole('option', { name: 'ap-northeast-1', exact: true }).click();
  await expect(page).toHaveURL(/region=ap-northeast-1/);

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Capabilities' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Environment')).toHaveText('UAT');
  await expect(page.getByLabel('AWS Region')).toHaveText('ap-northeast-1');

  await page.getByRole('tab', { name: 'Configuration' }).click();
  await expect(page).toHaveURL(/tab=configuration/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Configuration' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Tenant Metadata')).toBeVisible();

  // Back on Capabilities, the context chosen before is still there.
  await page.getByRole('tab', { name: 'Capabilities' }).click();
  await expect(page.getByLabel('AWS Region')).toHaveText('ap-northeast-1');
  await expect(page).not.toHaveURL(/tab=/);
});
