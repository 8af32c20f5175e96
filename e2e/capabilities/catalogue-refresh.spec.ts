import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { mainNav } from '../shell/sidebar-helpers';
import { CONTROL_PLANE } from '../control-plane/helpers';
import { toast } from './helpers';

const heading = (page: Page) => page.getByRole('main').getByRole('heading', { level: 1 });

/** Follows a sidebar entry: a client-side navigation, so the query cache survives it. */
async function viaSidebar(page: Page, entry: string, title: string): Promise<void> {
  await mainNav(page).getByRole('link', { name: entry, exact: true }).click();
  await expect(heading(page)).toHaveText(title);
}

/** The Capabilities tab of Deployments, with its capability picker opened and searched for `text`. */
async function searchDeploymentsPicker(page: Page, text: string): Promise<void> {
  await viaSidebar(page, 'Deployments', 'Blue-Green Deployments');
  await page.getByRole('tab', { name: 'Capabilities' }).click();
  await page.getByRole('combobox', { name: 'Capability' }).click();
  await page.getByRole('textbox', { name: 'Search Capability' }).fill(text);
}

test('a registered capability shows on the control plane and in Deployments without a reload', async ({
  page,
}) => {
  test.slow();
  const name = `E2E Refresh ${Date.now()}`;

  // Every screen caches the catalogue first (data never goes stale by itself).
  await page.goto(CONTROL_PLANE);
  await expect(page.getByRole('article').first()).toBeVisible();
  await searchDeploymentsPicker(page, 'E2E Refresh');
  await expect(page.getByRole('option', { name })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // Register through the catalogue's dialog.
  await viaSidebar(page, 'Capabilities', 'Capabilities');
  await page.getByRole('button', { name: 'Register Capability' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Category').fill('Testing');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(toast(page, 'Capability registered')).toBeVisible();

  // Back on the control plane through the sidebar and the tenant's card: the new card is there.
  await viaSidebar(page, 'Tenants', 'Tenant Management');
  await page
    .getByRole('article')
    .filter({ hasText: 'Acme Financial Services' })
    .getByRole('link', { name: 'Control Plane' })
    .click();
  await expect(page.getByRole('article', { name })).toBeVisible();

  // And in the Deployments picker, under the very search it cached before.
  await searchDeploymentsPicker(page, 'E2E Refresh');
  await expect(page.getByRole('option', { name: new RegExp(name) })).toBeVisible();
  await page.getByRole('option', { name: new RegExp(name) }).click();
  await expect(page.getByRole('combobox', { name: 'Capability' })).toHaveText(name);

  // No document load happened: every step was a client-side navigation.
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
});
