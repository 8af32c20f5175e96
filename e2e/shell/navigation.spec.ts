import { expect, test } from '../fixtures';
import { mainNav, pageHeading, sidebar, sidebarEntries } from './sidebar-helpers';

test.describe('shell navigation', () => {
  test('lists the sidebar entries in order under the Resource Manager subtitle', async ({ page }) => {
    await page.goto('/');
    await expect(sidebar(page).getByTestId('product-subtitle')).toHaveText('Resource Manager');
    await expect(sidebar(page).getByText('Resource Manager', { exact: true })).toBeVisible();
    await expect(mainNav(page).getByRole('link')).toHaveText(sidebarEntries.map((entry) => entry.name));
  });

  test('every entry navigates to its route, shows its heading and is the only one highlighted', async ({
    page,
  }) => {
    // Start on the last entry's page so that the first click (Overview) is a real navigation.
    await page.goto('/settings');
    await expect(pageHeading(page)).toHaveText('Settings');

    for (const entry of sidebarEntries) {
      await test.step(entry.name, async () => {
        const link = mainNav(page).getByRole('link', { name: entry.name, exact: true });
        await link.click();

        await expect(page).toHaveURL(entry.path);
        await expect(pageHeading(page)).toHaveText(entry.heading);

        await expect(link).toHaveAttribute('aria-current', 'page');
        await expect(link).toHaveAttribute('data-active', 'true');
        // Only this entry is highlighted, in the whole sidebar (the product link included).
        await expect(sidebar(page).locator('[aria-current="page"]')).toHaveCount(1);
        await expect(sidebar(page).locator('[data-active="true"]')).toHaveCount(1);
        await expect(sidebar(page).locator('[aria-current="page"]')).toHaveText(entry.name);
      });
    }
  });

  test('a deep link loads directly and survives a reload (server history fallback)', async ({ page }) => {
    const response = await page.goto('/tenants');
    expect(response?.status()).toBe(200);
    await expect(pageHeading(page)).toHaveText('Tenant Management');

    await page.reload();
    await expect(page).toHaveURL('/tenants');
    await expect(pageHeading(page)).toHaveText('Tenant Management');
    await expect(mainNav(page).getByRole('link', { name: 'Tenants', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(sidebar(page).locator('[aria-current="page"]')).toHaveCount(1);
  });

  test('nested deep links highlight their parent entry', async ({ page }) => {
    await page.goto('/web-app-builder');
    await expect(pageHeading(page)).toHaveText('Web App Builder');
    await expect(sidebar(page).locator('[aria-current="page"]')).toHaveText('Web App Builder');

    await page.goto('/apps/create-mesh');
    await expect(pageHeading(page)).toHaveText('Create Web App Mesh');
    await expect(sidebar(page).locator('[aria-current="page"]')).toHaveText('Web Apps');
  });
});
