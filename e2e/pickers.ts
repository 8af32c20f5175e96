import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Picks in a server-searching combobox: opens it, types `option` into its search box and clicks the
 * option whose first line is `option` (a second line may carry its status or slug).
 */
export async function pick(page: Page, combobox: Locator, option: string): Promise<void> {
  await expect(combobox).toBeEnabled();
  const label = await combobox.getAttribute('aria-label');
  const search = page.getByRole('textbox', { name: `Search ${label}` });
  // A click that lands while the picker re-renders (its options loading on a busy machine) can be
  // lost: open it again until its search box shows.
  await expect(async () => {
    if (!(await search.isVisible())) await combobox.click();
    await expect(search).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await search.fill(option);
  await page
    .getByRole('option')
    .filter({ has: page.getByText(option, { exact: true }) })
    .first()
    .click();
  await expect(combobox).toContainText(option);
}
