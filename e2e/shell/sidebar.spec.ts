import type { BrowserContext, Locator } from '@playwright/test';
import { expect, test } from '../fixtures';
import { mainNav, pageHeading, sidebar, sidebarEntries, sidebarToggle } from './sidebar-helpers';

const SEVEN_DAYS_S = 7 * 24 * 60 * 60;

/** The rendered width in CSS pixels (polled: the sidebar animates its width). */
const widthOf = (locator: Locator) => () => locator.evaluate((el) => el.getBoundingClientRect().width);

async function sidebarCookie(context: BrowserContext) {
  const cookies = await context.cookies();
  return cookies.find((cookie) => cookie.name === 'sidebar_state');
}

test.describe('sidebar on desktop', () => {
  test('the toggle collapses the sidebar to icons (3rem) and expands it back (16rem)', async ({ page }) => {
    await page.goto('/');
    const bar = sidebar(page);
    const toggle = sidebarToggle(page);

    await expect(bar).toHaveAttribute('data-state', 'expanded');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(widthOf(bar)).toBe(256);

    await toggle.click();
    await expect(bar).toHaveAttribute('data-state', 'collapsed');
    await expect(bar).toHaveAttribute('data-collapsible', 'icon');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(widthOf(bar)).toBe(48);
    // Still there as icons: the entries stay in the page, labelled for assistive technology.
    await expect(mainNav(page).getByRole('link')).toHaveCount(sidebarEntries.length);
    await expect(mainNav(page).getByRole('link', { name: 'Tenants' })).toBeVisible();

    await toggle.click();
    await expect(bar).toHaveAttribute('data-state', 'expanded');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(widthOf(bar)).toBe(256);
  });

  test('Ctrl+B toggles the sidebar and stores the state in a 7-day cookie', async ({ page, context }) => {
    await page.goto('/');
    const bar = sidebar(page);
    await expect(bar).toHaveAttribute('data-state', 'expanded');
    expect(await sidebarCookie(context)).toBeUndefined();

    for (const [expectedState, cookieValue] of [
      ['collapsed', 'false'],
      ['expanded', 'true'],
    ] as const) {
      await page.keyboard.press('Control+b');
      await expect(bar).toHaveAttribute('data-state', expectedState);
      const cookie = await sidebarCookie(context);
      expect(cookie?.value).toBe(cookieValue);
      expect(cookie?.path).toBe('/');
      // A persistent cookie (expires is -1 for a session cookie) lasting 7 days, give or take a minute.
      const lifetime = (cookie?.expires ?? -1) - Date.now() / 1000;
      expect(lifetime).toBeGreaterThan(SEVEN_DAYS_S - 60);
      expect(lifetime).toBeLessThan(SEVEN_DAYS_S + 60);
    }
  });

  test('the collapsed state survives a reload', async ({ page, context }) => {
    await page.goto('/');
    await sidebarToggle(page).click();
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
    expect((await sidebarCookie(context))?.value).toBe('false');

    await page.reload();
    await expect(pageHeading(page)).toHaveText('Overview');
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
    await expect.poll(widthOf(sidebar(page))).toBe(48);

    await sidebarToggle(page).click();
    await page.reload();
    await expect(pageHeading(page)).toHaveText('Overview');
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
  });
});

test.describe('sidebar on a narrow screen', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('becomes an 18rem slide-in sheet that closes once an entry is chosen', async ({ page }) => {
    await page.goto('/');
    await expect(pageHeading(page)).toHaveText('Overview');
    const toggle = sidebarToggle(page);
    const sheet = page.getByRole('dialog', { name: 'Sidebar' });

    // No sidebar in the layout: only the header's toggle.
    await expect(sidebar(page)).toBeHidden();
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await expect(sheet).toBeVisible();
    await expect(sheet).toHaveAttribute('data-testid', 'sidebar');
    // The modal sheet hides the rest of the page from the accessibility tree, the toggle included.
    await expect(page.locator('[data-slot="sidebar-trigger"]')).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(widthOf(sheet)).toBe(288);
    // Fully slid in at the left edge (polled: the sheet animates in).
    await expect.poll(() => sheet.evaluate((el) => el.getBoundingClientRect().left)).toBe(0);
    await expect(sheet.getByRole('link')).toContainText(sidebarEntries.map((entry) => entry.name));
    await expect(sheet.getByText('Resource Manager', { exact: true })).toBeVisible();

    await sheet.getByRole('link', { name: 'Deployments', exact: true }).click();
    await expect(page).toHaveURL('/deployments');
    await expect(pageHeading(page)).toHaveText('Blue-Green Deployments');
    await expect(sheet).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    // It opens again and highlights the new page's entry.
    await toggle.click();
    await expect(sheet.getByRole('link', { name: 'Deployments', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
