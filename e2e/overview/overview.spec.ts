import type { Overview } from '../../src/contract/overview';
import { expect, test } from '../fixtures';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Each list row starts with the item's name (then its detail, date and status). */
const startingWith = (names: string[]) => names.map((name) => new RegExp(`^\\s*${escapeRegExp(name)}`));

test.describe('overview', () => {
  test('shows the figures and recent items of GET /api/overview', async ({ page, request }) => {
    const response = await request.get('/api/overview');
    expect(response.ok()).toBe(true);
    const overview = (await response.json()) as Overview;
    // The demo data has more than three of each, so both lists are full.
    expect(overview.recentTenants).toHaveLength(3);
    expect(overview.recentWebApps).toHaveLength(3);

    await page.goto('/');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Overview');

    const metrics = [
      ['metric-total-tenants', 'Total Tenants', overview.totalTenants],
      ['metric-capabilities', 'Capabilities', overview.capabilities],
      ['metric-web-apps', 'Web Apps', overview.webApps],
      ['metric-active-resources', 'Active Resources', overview.activeResources],
    ] as const;
    for (const [testId, title, value] of metrics) {
      const card = page.getByTestId(testId);
      await expect(card).toContainText(title);
      await expect(card.getByTestId('metric-value')).toHaveText(String(value));
    }

    const tenants = page.getByRole('region', { name: 'Recent Tenants' });
    await expect(tenants.getByRole('heading', { name: 'Recent Tenants' })).toBeVisible();
    await expect(tenants.getByTestId('recent-item')).toHaveText(
      startingWith(overview.recentTenants.map((tenant) => tenant.name)),
    );
    await expect(tenants.getByRole('link', { name: 'Create Tenant' })).toHaveAttribute('href', '/tenants');

    const webApps = page.getByRole('region', { name: 'Recent Web Apps' });
    await expect(webApps.getByRole('heading', { name: 'Recent Web Apps' })).toBeVisible();
    await expect(webApps.getByTestId('recent-item')).toHaveText(
      startingWith(overview.recentWebApps.map((app) => app.name)),
    );
    await expect(webApps.getByRole('link', { name: 'Create Web App' })).toHaveAttribute('href', '/apps');
  });

  test('the create buttons lead to their pages', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Create Tenant' }).click();
    await expect(page).toHaveURL('/tenants');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Tenant Management');

    await page.goBack();
    await page.getByRole('link', { name: 'Create Web App' }).click();
    await expect(page).toHaveURL('/apps');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Web Applications');
  });
});
