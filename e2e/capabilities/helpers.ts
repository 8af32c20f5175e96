import type { Locator, Page } from '@playwright/test';

/** A toast by its title, inside the toast viewport (not Radix's screen-reader announcement). */
export const toast = (page: Page, title: string) =>
  page.getByRole('region', { name: /^Notifications/ }).getByText(title, { exact: true });

/** Opens a Radix select and picks an option by its accessible name. */
export async function choose(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}
