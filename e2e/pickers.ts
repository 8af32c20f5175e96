import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Picks in a server-searching combobox: opens it, types `option` into its search box, waits for the
 * search's answer (the list is busy until then) and clicks the option whose first line is `option`
 * (a second line may carry its status or slug).
 */
export async function pick(page: Page, combobox: Locator, option: string): Promise<void> {
  await expect(combobox).toBeEnabled();
  const label = await combobox.getAttribute('aria-label');
  const search = page.getByRole('textbox', { name: `Search ${label}` });
  const list = page.getByRole('listbox', { name: label ?? undefined });
  // A click that lands while the picker re-renders (its options loading on a busy machine) can be
  // lost, and an option clicked in the previous answer's list can go as the search's answer replaces
  // it: each try opens the picker when closed, searches, and clicks only in a settled list.
  await expect(async () => {
    if (!(await search.isVisible())) await combobox.click();
    await search.fill(option, { timeout: 2_000 });
    await expect(list).not.toHaveAttribute('aria-busy', 'true', { timeout: 5_000 });
    await list
      .getByRole('option')
      .filter({ has: page.getByText(option, { exact: true }) })
      .first()
      .click({ timeout: 2_000 });
    await expect(combobox).toContainText(option, { timeout: 2_000 });
  }).toPass();
}
