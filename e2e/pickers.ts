import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Picks in a server-searching combobox: opens it, types `option` into its search box and clicks the
 * option whose first line is `option` (a second line may carry its status or slug).
 */
export async function pick(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  const label = await combobox.getAttribute('aria-label');
  await page.getByRole('textbox', { name: `Search ${label}` }).fill(option);
  await page
    .getByRole('option')
    .filter({ has: page.getByText(option, { exact: true }) })
    .first()
    .click();
  await expect(combobox).toContainText(option);
}
