import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { pageHeading } from './sidebar-helpers';

const html = (page: Page) => page.locator('html');
const storedTheme = (page: Page) => page.evaluate(() => window.localStorage.getItem('theme'));
const themeToggle = (page: Page) => page.getByRole('button', { name: 'Toggle theme' });

test.describe('theme', () => {
  test('is dark by default', async ({ page }) => {
    await page.goto('/');
    await expect(pageHeading(page)).toHaveText('Overview');
    await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
    expect([null, 'dark']).toContain(await storedTheme(page));
    await expect(themeToggle(page)).toHaveAttribute('data-theme', 'dark');
  });

  test('the toggle switches to light and back to dark, and each choice survives a reload', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);

    await themeToggle(page).click();
    await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(themeToggle(page)).toHaveAttribute('data-theme', 'light');
    await expect.poll(() => storedTheme(page)).toBe('light');

    await page.reload();
    await expect(pageHeading(page)).toHaveText('Overview');
    await expect(html(page)).not.toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(themeToggle(page)).toHaveAttribute('data-theme', 'light');
    expect(await storedTheme(page)).toBe('light');

    await themeToggle(page).click();
    await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(themeToggle(page)).toHaveAttribute('data-theme', 'dark');
    await expect.poll(() => storedTheme(page)).toBe('dark');

    await page.reload();
    await expect(pageHeading(page)).toHaveText('Overview');
    await expect(html(page)).toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(themeToggle(page)).toHaveAttribute('data-theme', 'dark');
    expect(await storedTheme(page)).toBe('dark');
  });
});
