import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

/** A toast by its title, inside the toast viewport (not Radix's screen-reader announcement). */
export const toast = (page: Page, title: string) =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(title, { exact: true });

/** Opens a Radix select and picks an option by its accessible name. */
export async function choose(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** An application card by the app's name. */
export const appCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

/** Goes to Web Applications and searches for `text`. */
export async function searchApps(page: Page, text: string): Promise<void> {
  await page.goto('/apps');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Web Applications');
  await page.getByRole('searchbox', { name: 'Search applications' }).fill(text);
}

/** Step 1 of Create Web App: picks a technology by clicking its option. */
export async function chooseTechnology(dialog: Locator, label: string): Promise<void> {
  await dialog.getByRole('radiogroup', { name: 'Technology' }).getByText(label, { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: new RegExp(`^${label}`) })).toBeChecked();
}
