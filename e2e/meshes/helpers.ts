import type { Locator, Page } from '@playwright/test';
import { pick } from '../pickers';

/** A toast by its title, inside the toast viewport (not Radix's screen-reader announcement). */
export const toast = (page: Page, title: string) =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(title, { exact: true });

/** Opens a Radix select and picks an option by its accessible name. */
export async function choose(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The mesh form's menu item at `index` (zero-based). */
export const menuItem = (page: Page, index: number) => page.getByTestId('mesh-item').nth(index);

/** Fills a menu item: label, microfrontend, then one of its published versions. */
export async function fillMenuItem(
  page: Page,
  index: number,
  { label, microfrontend, version }: { label: string; microfrontend: string; version: string },
): Promise<void> {
  const item = menuItem(page, index);
  await item.getByLabel('Label').fill(label);
  await pick(page, item.getByRole('combobox', { name: 'Microfrontend' }), microfrontend);
  await pick(page, item.getByRole('combobox', { name: 'Version' }), version);
}
