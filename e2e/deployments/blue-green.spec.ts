import type { Locator, Page } from '@playwright/test';
import type { Capability } from '../../src/contract/capabilities';
import { expect, test } from '../fixtures';
import { pick } from '../pickers';
import { registerMicrofrontend } from './helpers';

/** A toast by its title, inside the toast viewport (not Radix's screen-reader announcement). */
const toast = (page: Page, title: string) =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(title, { exact: true });

async function choose(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const slotField = (page: Page, slot: 'blue' | 'green', field: string) =>
  page.getByTestId(`slot-card-${slot}`).getByTestId(`slot-${field}`);

async function expectLive(page: Page, live: 'blue' | 'green', version: string): Promise<void> {
  const idle = live === 'blue' ? 'green' : 'blue';
  await expect(slotField(page, live, 'version')).toHaveText(version);
  await expect(slotField(page, live, 'status')).toHaveText('Active');
  await expect(slotField(page, live, 'traffic')).toHaveText('100%');
  await expect(page.getByTestId(`slot-card-${live}`).getByTestId('slot-live')).toBeVisible();
  await expect(slotField(page, idle, 'status')).toHaveText('Inactive');
  await expect(slotField(page, idle, 'traffic')).toHaveText('0%');
}

/**
 * Switch Slots, all traffic at once. A target slot without a health check goes ahead "not checked"
 * (docs/health-checks.md, The health gate): the dialog says so, and nothing needs forcing.
 */
async function switchSlots(page: Page, { notChecked = false } = {}): Promise<void> {
  await page.getByRole('button', { name: 'Switch Slots' }).click();
  const dialog = page.getByRole('dialog');
  if (notChecked) await expect(dialog).toContainText('has no health check: not checked');
  await expect(dialog.getByRole('checkbox', { name: 'Force switch' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Switch', exact: true }).click();
  await expect(toast(page, 'Deployment switched')).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: /^Notifications/ })
      .getByText('Traffic has been switched to the new slot'),
  ).toBeVisible();
}

test.describe('blue-green deployments', () => {
  test('a microfrontend: first deploy goes live, the next goes idle, switch and switch back', async ({
    page,
    request,
  }) => {
    const microfrontend = await registerMicrofrontend(request, Date.now());

    await page.goto('/deployments');
    await expect(page.getByRole('heading', { name: 'Blue-Green Deployments', level: 1 })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Environment' })).toHaveText('Production');
    await pick(page, page.getByRole('combobox', { name: 'Microfrontend' }), microfrontend.name);
    await choose(page, page.getByRole('combobox', { name: 'Environment' }), 'Development');
    await expect(page.getByText('No deployments found for this microfrontend and environment')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Switch Slots' })).toBeDisabled();

    // The first deployment of the environment goes live on blue.
    await page.getByRole('button', { name: 'Deploy to idle slot' }).click();
    let dialog = page.getByRole('dialog');
    await choose(page, dialog.getByRole('combobox', { name: 'Version' }), '1.0.0');
    await dialog.getByRole('button', { name: 'Deploy' }).click();
    await expect(toast(page, 'Deployed to idle slot')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(slotField(page, 'blue', 'version')).toHaveText('1.0.0');
    await expect(slotField(page, 'blue', 'traffic')).toHaveText('100%');
    await expect(page.getByTestId('slot-card-green')).toContainText('No deployment in this slot');
    await expect(page.getByRole('button', { name: 'Switch Slots' })).toBeDisabled();

    // The next one goes to the idle green slot, inactive with health unknown.
    await page.getByRole('button', { name: 'Deploy to idle slot' }).click();
    dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('The green slot');
    await choose(page, dialog.getByRole('combobox', { name: 'Version' }), '1.1.0');
    await dialog.getByRole('button', { name: 'Deploy' }).click();
    await expect(toast(page, 'Deployed to idle slot')).toBeVisible();
    await expect(slotField(page, 'green', 'version')).toHaveText('1.1.0');
    await expect(slotField(page, 'green', 'health')).toHaveText('unknown');
    await expectLive(page, 'blue', '1.0.0');

    // Neither slot has a health check: each switch goes ahead "not checked".
    await switchSlots(page, { notChecked: true });
    await expectLive(page, 'green', '1.1.0');
    await expect(slotField(page, 'green', 'activated')).not.toHaveText('N/A');

    await switchSlots(page, { notChecked: true });
    await expectLive(page, 'blue', '1.0.0');

    // The server agrees.
    const rows = (await (
      await request.get(`/api/deployments/microfrontend/${microfrontend.id}/environment/development`)
    ).json()) as { slot: string; status: string; trafficPercentage: number }[];
    expect(rows.map((r) => [r.slot, r.status, r.trafficPercentage])).toEqual([
      ['blue', 'active', 100],
      ['green', 'inactive', 0],
    ]);
  });

  test('a capability: deploy to the idle slot, switch and switch back', async ({ page, request }) => {
    // A demo capability with a live blue and an idle green slot in development.
    const capabilities = (await (await request.get('/api/capabilities')).json()) as Capability[];
    const capability = capabilities.find((c) => c.id === 'api-002');
    expect(capability).toBeDefined();
    const version = `9.${Date.now() % 1000}.0`;

    await page.goto('/deployments');
    await page.getByRole('tab', { name: 'Capabilities' }).click();
    await pick(page, page.getByRole('combobox', { name: 'Capability' }), capability!.name);
    await choose(page, page.getByRole('combobox', { name: 'Environment' }), 'Development');
    await expect(page.getByTestId('slot-card-blue').getByTestId('slot-live')).toBeVisible();
    const liveVersion = (await slotField(page, 'blue', 'version').textContent()) ?? '';
    expect(liveVersion).not.toBe('');

    await page.getByRole('button', { name: 'Deploy to idle slot' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Version', { exact: true }).fill(version);
    await dialog.getByLabel('Endpoint').fill('https://green.api.dev.example.com/e2e/');
    await dialog.getByRole('button', { name: 'Deploy' }).click();
    await expect(toast(page, 'Deployed to idle slot')).toBeVisible();
    await expect(slotField(page, 'green', 'version')).toHaveText(version);
    await expect(slotField(page, 'green', 'deployed-url')).toHaveText(
      'https://green.api.dev.example.com/e2e/',
    );
    await expectLive(page, 'blue', liveVersion);

    // The new version has no health check: not checked. The demo's blue slot is healthy: back as usual.
    await switchSlots(page, { notChecked: true });
    await expectLive(page, 'green', version);

    await switchSlots(page);
    await expectLive(page, 'blue', liveVersion);
  });
});
