import { E2E_ADMIN } from '../credentials';
import { expect, test } from '../fixtures';
import { pageHeading } from './auth-helpers';

test.describe('audit log', () => {
  test('an administrator finds their own sign-in and filters by resource type', async ({ page }) => {
    await page.goto('/');
    const link = page.getByTestId('sidebar').getByRole('link', { name: 'Audit Log' });
    await link.click();
    await expect(page).toHaveURL('/audit-log');
    await expect(pageHeading(page)).toHaveText('Audit Log');
    await expect(link).toHaveAttribute('aria-current', 'page');

    // The fixture signed this browser in: its auth.login event is among the newest.
    const rows = page.getByTestId('audit-row');
    const ownLogin = rows.filter({ hasText: E2E_ADMIN.email }).filter({ hasText: 'auth.login' }).first();
    await expect(ownLogin).toBeVisible();
    await expect(page.getByTestId('list-range')).toHaveText(/^Showing 1–\d+ of \d+$/);

    const filtered = page.waitForRequest(
      (request) =>
        request.url().includes('/api/audit-events?') &&
        new URL(request.url()).searchParams.get('resourceType') === 'session',
    );
    await page.getByLabel('Resource type').selectOption('session');
    await filtered;
    // Every row is a session event (the Resource cell starts with the type).
    await expect
      .poll(async () => {
        const resources = await rows.locator('td:nth-child(4)').allTextContents();
        return resources.length > 0 && resources.every((resource) => resource.startsWith('session'));
      })
      .toBe(true);

    // Narrow further by actor: only this administrator's events remain.
    await page.getByLabel('Actor').fill(E2E_ADMIN.email);
    await expect
      .poll(async () => new Set(await rows.locator('td:nth-child(2)').allTextContents()))
      .toEqual(new Set([E2E_ADMIN.email]));

    // A filter that matches nothing.
    await page.getByLabel('Actor').fill('nobody-at-all@example.invalid');
    await expect(page.getByText('No audit events match these filters')).toBeVisible();
  });
});
