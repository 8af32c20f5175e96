import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

/** A toast by its title, inside the toast viewport (not Radix's screen-reader announcement). */
export const toast = (page: Page, title: string) =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(title, { exact: true });

/** Opens a Radix select and picks an option by its accessible name. */
export async function choose(page: Page, combobox: Locator, option: string | RegExp): Promise<void> {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/** A tenant card by the tenant's name. */
export const tenantCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** The value beside a card's label (Region, Classification, DR Tier, ...). */
export const cardDetail = (card: Locator, label: string) =>
  card.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/** Goes to Tenant Management and searches for `text`. */
export async function searchTenants(page: Page, text: string): Promise<void> {
  await page.goto('/tenants');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Tenant Management');
  await page.getByRole('searchbox', { name: 'Search tenants' }).fill(text);
}

/** Opens a card's 'Actions for <tenant>' menu and picks an item. */
export async function tenantAction(page: Page, card: Locator, item: string): Promise<void> {
  await card.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The Total Tenants figure on Overview. */
export async function overviewTenantCount(page: Page): Promise<number> {
  await page.goto('/');
  const value = page.getByTestId('metric-total-tenants').getByTestId('metric-value');
  await expect(value).toHaveText(/^\d+$/);
  return Number(await value.textContent());
}
