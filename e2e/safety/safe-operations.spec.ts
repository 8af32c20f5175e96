import type { Page } from '@playwright/test';
import type { Capability } from '../../src/contract/capabilities';
import type { UserProfile } from '../../src/contract/users';
import { CONTROL_PLANE, patchTenant } from '../control-plane/helpers';
import { expect, test } from '../fixtures';
import { pick } from '../pickers';
import { createUser, firstTenant, openUserCard, uniqueEmail } from '../users/helpers';

/** A toast by its title, inside the toast viewport (not Radix's screen-reader announcement). */
const toast = (page: Page, title: string) =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(title, { exact: true });

/** In the open switch dialog: the target slot has no health check, so it goes ahead "not checked"; submit. */
async function switchNotChecked(page: Page, submit: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('has no health check: not checked');
  await dialog.getByRole('button', { name: submit, exact: true }).click();
}

test.describe('safe operations', () => {
  test('removing tenant access asks first, and Undo on its toast gives the same access back', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('e2e-undo');
    const name = `E2E Undo ${Date.now()}`;
    const user = await createUser(request, { name, email });
    const tenant = await firstTenant(request);
    const granted = await request.post('/api/user-profiles', {
      data: { userId: user.id, tenantId: tenant.id, role: 'developer', jobTitle: 'Release Engineer' },
    });
    expect(granted.status(), await granted.text()).toBe(201);
    const profile = (await granted.json()) as UserProfile;

    const card = await openUserCard(page, email, name);
    await card.getByRole('button', { name: 'Manage Access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Access' });
    await dialog.getByRole('button', { name: `Remove access to ${tenant.name}` }).click();

    // Cancel first: nothing changes.
    const confirm = page.getByRole('alertdialog', { name: `Remove ${name}'s access to ${tenant.name}?` });
    await expect(confirm).toContainText('loses the developer role');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(dialog.getByRole('list', { name: 'Current access' })).toContainText(tenant.name);

    await dialog.getByRole('button', { name: `Remove access to ${tenant.name}` }).click();
    await confirm.getByRole('button', { name: 'Remove access' }).click();
    await expect(toast(page, 'Access removed')).toBeVisible();
    await expect(dialog.getByText('No tenant access configured')).toBeVisible();

    await page
      .getByRole('region', { name: /^Notifications/ })
      .getByRole('button', { name: 'Undo' })
      .click();
    await expect(toast(page, 'Access restored')).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Current access' })).toContainText(tenant.name);

    // The same profile: id, role and details.
    const res = await request.get(`/api/user-profiles?userId=${encodeURIComponent(user.id)}`);
    const [restored] = (await res.json()) as UserProfile[];
    expect(restored).toMatchObject({
      id: profile.id,
      tenantId: tenant.id,
      role: 'developer',
      jobTitle: 'Release Engineer',
    });
  });

  test('a production switch on Deployments is requested, a bypass asks first; others switch on the click', async ({
    page,
    request,
  }) => {
    const stamp = Date.now();
    const created = await request.post('/api/capabilities', { data: { name: `E2E Safe Switch ${stamp}` } });
    expect(created.status(), await created.text()).toBe(201);
    const capability = (await created.json()) as Capability;
    for (const environment of ['production', 'uat'])
      for (const version of ['1.0.0', '1.1.0']) {
        const body = { capabilityId: capability.id, environment, version };
        // Production's first deployment goes live, so it needs approval: the administrator bypasses it.
        const deployed =
          environment === 'production' && version === '1.0.0'
            ? await request.post('/api/change-requests', {
                data: { change: { kind: 'capability_deployment.deploy', body }, bypassReason: 'E2E setup' },
              })
            : await request.post('/api/capability-deployments/deploy', { data: body });
        expect(deployed.ok(), await deployed.text()).toBe(true);
      }

    await page.goto('/deployments');
    await page.getByRole('tab', { name: 'Capabilities' }).click();
    await pick(page, page.getByRole('combobox', { name: 'Capability' }), capability.name);
    const trafficOf = (slot: string) => page.getByTestId(`slot-card-${slot}`).getByTestId('slot-traffic');
    await expect(trafficOf('blue')).toHaveText('100%');

    // Production needs an approval: Switch Slots continues to a request. An administrator's bypass applies
    // it at once, so it still asks first. The new slots have no health check: the switch goes ahead not checked.
    await page.getByRole('button', { name: 'Switch Slots' }).click();
    await switchNotChecked(page, 'Continue to request');
    const requestDialog = page.getByRole('dialog', {
      name: `Request: switch ${capability.name} in Production`,
    });
    await requestDialog.getByRole('checkbox', { name: 'Bypass approval' }).click();
    await requestDialog.getByLabel('Reason').fill('E2E: safe switch');
    await requestDialog.getByRole('button', { name: 'Apply now (bypass)' }).click();
    const confirm = page.getByRole('alertdialog', {
      name: `Switch ${capability.name} in Production to the GREEN slot?`,
    });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(trafficOf('blue')).toHaveText('100%');

    await requestDialog.getByRole('button', { name: 'Apply now (bypass)' }).click();
    await confirm.getByRole('button', { name: 'Switch production traffic' }).click();
    await expect(toast(page, 'Change applied')).toBeVisible();
    await expect(requestDialog).toBeHidden();
    await expect(trafficOf('green')).toHaveText('100%');

    await page.getByRole('combobox', { name: 'Environment' }).click();
    await page.getByRole('option', { name: 'UAT', exact: true }).click();
    await expect(trafficOf('blue')).toHaveText('100%');
    await page.getByRole('button', { name: 'Switch Slots' }).click();
    await switchNotChecked(page, 'Switch');
    await expect(trafficOf('green')).toHaveText('100%');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  });

  test('the control plane offers only the enabled environments and the regions each accepts', async ({
    page,
    request,
  }) => {
    await patchTenant(request, {
      uatEnabled: false,
      developmentEnabled: true,
      productionEnabled: true,
      allowedRegions: ['us-east-1', 'eu-west-1', 'eu-central-1'],
      environmentRegionPolicies: JSON.stringify([
        { environment: 'production', regions: ['eu-west-1', 'eu-central-1'] },
      ]),
      confirmWidening: true,
    });
    try {
      // A link to a disabled environment and a refused region falls back, and the address follows.
      await page.goto(`${CONTROL_PLANE}?env=uat&region=ap-south-1`);
      await expect(page.getByLabel('Environment')).toHaveText('Production');
      await expect(page.getByLabel('AWS Region')).toHaveText('eu-west-1');
      await expect(page).toHaveURL(/env=production&region=eu-west-1/);
      await expect(page.getByText('Only enabled environments are listed (UAT is off)')).toBeVisible();
      await expect(page.getByText('Only regions allowed for Production are listed')).toBeVisible();

      await page.getByLabel('Environment').click();
      await expect(page.getByRole('option')).toHaveText(['Development', 'Production']);
      await page.keyboard.press('Escape');
      await page.getByLabel('AWS Region').click();
      await expect(page.getByRole('option')).toHaveText(['eu-west-1', 'eu-central-1']);
      await page.keyboard.press('Escape');

      // Configure offers the same choices.
      await page
        .getByRole('article')
        .first()
        .getByRole('button', { name: /Configure|Update Configuration/ })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Configure Capability' });
      await dialog.getByLabel('Region').click();
      await expect(page.getByRole('option')).toHaveText(['eu-west-1', 'eu-central-1']);
      await page.keyboard.press('Escape');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: "Edit the tenant's region policy" }).click();
      await expect(page).toHaveURL(/tab=configuration/);
      await expect(page.getByText('Region Configuration', { exact: true })).toBeVisible();
    } finally {
      await patchTenant(request, {
        uatEnabled: true,
        allowedRegions: null,
        environmentRegionPolicies: null,
        confirmWidening: true,
      });
    }
  });

  test('no request leaves the host on the Overview and Users pages', async ({ page, baseURL }) => {
    const appHost = new URL(baseURL!).host;
    const hosts = new Set<string>();
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.protocol !== 'data:' && url.protocol !== 'blob:') hosts.add(url.host);
    });
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/users');
    await expect(page.getByTestId('user-card').first()).toBeVisible();
    await expect(page.getByTestId('user-avatar-fallback').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect([...hosts]).toEqual([appHost]);
  });
});
