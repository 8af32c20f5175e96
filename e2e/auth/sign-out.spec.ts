import { E2E_ADMIN } from '../credentials';
import { expect, test } from '../fixtures';
import { pageHeading } from './auth-helpers';

test.describe('sign-out', () => {
  test('the account menu shows who is signed in; Sign out ends the session', async ({ page }) => {
    await page.goto('/tenants');
    await expect(pageHeading(page)).toHaveText('Tenant Management');

    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByTestId('user-menu-email')).toHaveText(E2E_ADMIN.email);
    await expect(menu.getByTestId('user-menu-role')).toHaveText('admin');
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();

    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // The browser's cookie no longer opens a session.
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });

  test('after signing out, the console asks to sign in again', async ({ anonymousPage: page }) => {
    // anonymousPage: reloading the shell without a session answers 401 to GET /api/auth/me, which the
    // browser logs; the `page` fixture would count that as an error.
    await page.goto('/login');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(pageHeading(page)).toHaveText('Overview');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');

    await page.goto('/settings');
    await expect(page).toHaveURL('/login?redirect=%2Fsettings');
  });
});

test.describe('session expiry', () => {
  test('a 401 from any call sends the user to /login and back afterwards', async ({
    anonymousPage: page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    // The header's draft release count is the shell's last read (its chunk loads after the heading):
    // once it has answered, the click below makes the first call after the session ends.
    const lastShellRead = page.waitForResponse((response) => response.url().endsWith('/api/release-draft'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(pageHeading(page)).toHaveText('Overview');
    await lastShellRead;

    // The session ends behind the page's back (the request context shares the browser's cookies).
    expect((await page.request.post('/api/auth/logout')).status()).toBe(200);

    // The next call of the page answers 401.
    await page.getByRole('link', { name: 'Audit Log' }).click();
    await expect(page).toHaveURL('/login?redirect=%2Faudit-log');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password').fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/audit-log');
    await expect(pageHeading(page)).toHaveText('Audit Log');
  });
});
