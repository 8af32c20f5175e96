import { E2E_ADMIN } from '../credentials';
import { expect, test } from '../fixtures';
import { pageHeading, signInThroughForm } from './auth-helpers';

test.describe('sign-in', () => {
  test('signing in through the form lands on the Overview', async ({ anonymousPage: page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeVisible();
    await signInThroughForm(page, E2E_ADMIN);

    await expect(page).toHaveURL('/');
    await expect(pageHeading(page)).toHaveText('Overview');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  test('a wrong password shows "Invalid email or password" and stays on /login', async ({
    anonymousPage: page,
  }) => {
    await page.goto('/login');
    await signInThroughForm(page, { email: E2E_ADMIN.email, password: 'not-the-password' });

    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });

  test('empty fields are refused before any request', async ({ anonymousPage: page }) => {
    await page.goto('/login');
    let loginRequests = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/login')) loginRequests += 1;
    });
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(loginRequests).toBe(0);
  });

  test('a deep link while signed out goes to /login and back after signing in', async ({
    anonymousPage: page,
  }) => {
    await page.goto('/tenants');
    await expect(page).toHaveURL('/login?redirect=%2Ftenants');
    await signInThroughForm(page, E2E_ADMIN);

    await expect(page).toHaveURL('/tenants');
    await expect(pageHeading(page)).toHaveText('Tenant Management');
  });

  test('an unsafe redirect is ignored', async ({ anonymousPage: page }) => {
    await page.goto('/login?redirect=%2F%2Fevil.example.com%2F');
    await signInThroughForm(page, E2E_ADMIN);
    await expect(page).toHaveURL('/');
    await expect(pageHeading(page)).toHaveText('Overview');
  });

  test('a signed-in user opening /login goes to the Overview', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL('/');
    await expect(pageHeading(page)).toHaveText('Overview');
  });
});
