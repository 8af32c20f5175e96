import { expect, test } from '../fixtures';
import { configCard, getTenant, openConfigurationTab, patchTenant, toast } from './helpers';

test.describe('control plane: tenant configuration', () => {
  test('saves the metadata and finds it after a reload', async ({ page }) => {
    const stamp = `Keep backups 35 days (${Date.now()})`;
    await openConfigurationTab(page);
    const card = configCard(page, 'Tenant Metadata');
    await card.getByLabel('Data Retention Requirements').fill(stamp);
    await card.getByLabel('Privacy Laws & Compliance').fill('GDPR, CCPA');
    await card.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(toast(page)).toContainText('Configuration updated');
    await expect(toast(page)).toContainText('Tenant configuration has been saved successfully.');

    await page.reload();
    await page.getByRole('tab', { name: 'Configuration' }).click();
    await expect(configCard(page, 'Tenant Metadata').getByLabel('Data Retention Requirements')).toHaveValue(
      stamp,
    );
    await expect(configCard(page, 'Tenant Metadata').getByLabel('Privacy Laws & Compliance')).toHaveValue(
      'GDPR, CCPA',
    );
  });

  test('allows regions, adds an override; unchecking its only region asks before widening production', async ({
    page,
    request,
  }) => {
    const tenant = await patchTenant(request, {
      allowedRegions: null,
      environmentRegionPolicies: null,
      confirmWidening: true,
    });
    expect(tenant.productionEnabled).toBe(true);
    await openConfigurationTab(page);
    const card = configCard(page, 'Region Configuration');
    const allowed = card.getByRole('group', { name: 'Allowed Regions' });
    const production = card.getByRole('group', { name: 'Production Override' });
    await expect(production).toHaveCount(0);

    await allowed.getByLabel('us-east-1').check();
    await allowed.getByLabel('eu-west-2').check();
    await expect(production.getByRole('checkbox')).toHaveCount(2);
    await production.getByLabel('eu-west-2').check();
    await card.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(toast(page)).toContainText('Configuration updated');
    expect(JSON.parse((await getTenant(request)).environmentRegionPolicies ?? 'null')).toEqual([
      { environment: 'production', regions: ['eu-west-2'] },
    ]);

    await allowed.getByLabel('eu-west-2').uncheck();
    await expect(production.getByLabel('eu-west-2')).toHaveCount(0);
    await card.getByRole('button', { name: 'Save Configuration' }).click();
    // Production's only override region went: it would accept us-east-1, which it refuses today.
    const question = page.getByRole('alertdialog');
    await expect(question).toContainText(
      "Production's region override would be removed: production would accept us-east-1, which it refuses today.",
    );
    await question.getByRole('button', { name: 'Allow the wider regions' }).click();
    await expect(toast(page)).toContainText('Configuration updated');

    await page.reload();
    await page.getByRole('tab', { name: 'Configuration' }).click();
    const reloaded = configCard(page, 'Region Configuration');
    await expect(
      reloaded.getByRole('group', { name: 'Allowed Regions' }).getByLabel('us-east-1'),
    ).toBeChecked();
    await expect(
      reloaded.getByRole('group', { name: 'Allowed Regions' }).getByLabel('eu-west-2'),
    ).not.toBeChecked();
    await expect(
      reloaded.getByRole('group', { name: 'Production Override' }).getByLabel('eu-west-2'),
    ).toHaveCount(0);
    const saved = await getTenant(request);
    expect(saved.allowedRegions).toEqual(['us-east-1']);
    expect(saved.environmentRegionPolicies).toBeNull();
  });
});
