import type { APIRequestContext } from '@playwright/test';
import { MAINTENANCE_MESSAGE, type Settings } from '../../src/contract/settings';
import { expect, signIn, test } from '../fixtures';
import { createUser, firstTenant, uniqueEmail } from '../users/helpers';

async function readSettings(request: APIRequestContext): Promise<Settings> {
  const res = await request.get('/api/settings');
  expect(res.ok()).toBe(true);
  return (await res.json()) as Settings;
}

/** Puts the settings back as they were (PUT replaces every field). */
async function restoreSettings(request: APIRequestContext, settings: Settings): Promise<void> {
  const { updatedAt: _updatedAt, updatedBy: _updatedBy, ...input } = settings;
  const res = await request.put('/api/settings', { data: input });
  expect(res.ok(), await res.text()).toBe(true);
}

test.describe('settings', () => {
  test('settings persist across a reload', async ({ page, request }) => {
    const before = await readSettings(request);
    const organization = `E2E Org ${Date.now()}`;
    try {
      await page.goto('/settings');
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Settings');
      await page.getByLabel('Organization').fill(organization);
      await page.getByLabel('Email', { exact: true }).fill('ops@example.com');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Settings saved', { exact: true })).toBeVisible();

      const autoScaling = page.getByRole('switch', { name: 'Auto-scaling' });
      const wasOn = (await autoScaling.getAttribute('aria-checked')) === 'true';
      await autoScaling.click();
      await expect(page.getByText(`Auto-scaling is ${wasOn ? 'off' : 'on'}.`, { exact: true })).toBeVisible();

      await page.reload();
      await expect(page.getByLabel('Organization')).toHaveValue(organization);
      await expect(page.getByLabel('Email', { exact: true })).toHaveValue('ops@example.com');
      await expect(page.getByRole('switch', { name: 'Auto-scaling' })).toHaveAttribute(
        'aria-checked',
        String(!wasOn),
      );
    } finally {
      await restoreSettings(request, before);
    }
  });

  test("maintenance mode refuses a non-admin's change", async ({ page, request, anonymousPage }) => {
    const email = uniqueEmail('e2e-maintenance');
    const password = 'maintenance-password-1';
    const user = await createUser(request, { name: `E2E Maintenance ${Date.now()}`, email, password });
    const tenant = await firstTenant(request);
    const profile = await request.post('/api/user-profiles', {
      data: { userId: user.id, tenantId: tenant.id, role: 'developer' },
    });
    expect(profile.status(), await profile.text()).toBe(201);
    const webApp = {
      name: `E2E Maintenance App ${Date.now()}`,
      technology: 'web-component',
      tenantId: tenant.id,
    };

    try {
      await page.goto('/settings');
      const maintenance = page.getByRole('switch', { name: 'Maintenance Mode' });
      await expect(maintenance).toHaveAttribute('aria-checked', 'false');
      await maintenance.click();
      // Turning it on asks first, starting on Cancel; nothing changes until confirmed.
      const confirm = page.getByRole('alertdialog', {
        name: 'Turn on maintenance mode and pause every change?',
      });
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      expect((await readSettings(request)).maintenanceMode).toBe(false);
      await confirm.getByRole('button', { name: 'Turn on maintenance mode' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByText('Settings updated', { exact: true })).toBeVisible();
      await expect(maintenance).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByTestId('maintenance-banner')).toBeVisible();

      // The developer may create web apps on the tenant, but not now.
      await signIn(anonymousPage.request, { email, password });
      const refused = await anonymousPage.request.post('/api/web-apps', { data: webApp });
      expect(refused.status()).toBe(503);
      expect(((await refused.json()) as { message: string }).message).toBe(MAINTENANCE_MESSAGE);

      await anonymousPage.goto('/');
      const banner = anonymousPage.getByTestId('maintenance-banner');
      await expect(banner).toBeVisible();
      await expect(banner).toHaveAttribute('role', 'status');
      await expect(banner).toContainText('Changes by non-administrators are paused');

      // Administrators are not held back; turning it off needs no confirmation.
      await page.getByRole('switch', { name: 'Maintenance Mode' }).click();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);
      await expect(page.getByTestId('maintenance-banner')).toBeHidden();
      await expect(maintenance).toHaveAttribute('aria-checked', 'false');
    } finally {
      const current = await readSettings(request);
      if (current.maintenanceMode) await restoreSettings(request, { ...current, maintenanceMode: false });
    }
    // Off again: the same change goes through.
    const allowed = await anonymousPage.request.post('/api/web-apps', { data: webApp });
    expect(allowed.status(), await allowed.text()).toBe(201);
    const { id } = (await allowed.json()) as { id: string };
    expect((await request.delete(`/api/web-apps/${encodeURIComponent(id)}`)).status()).toBe(204);
  });
});
