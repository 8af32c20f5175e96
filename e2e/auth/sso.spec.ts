import type { Me } from '../../src/contract/auth';
import { expect, test } from '../fixtures';
import { putSsoSettings, signInWithProvider } from '../sso/sign-in';
import { SSO_ACCOUNTS, SSO_DISPLAY_NAME, SSO_GROUPS } from '../sso/test-provider';
import { firstTenant } from '../users/helpers';
import { pageHeading } from './auth-helpers';

const [ada, bob, carol] = SSO_ACCOUNTS;

test.describe('single sign-on', () => {
  let tenantId = '';

  test.beforeEach(async ({ request }) => {
    tenantId = (await firstTenant(request)).id;
    await putSsoSettings(request, true, [
      { group: SSO_GROUPS.admins, globalRole: 'admin' },
      { group: SSO_GROUPS.developers, tenantId, role: 'developer' },
    ]);
  });

  test('a member of the admin group signs in through the provider as a global admin', async ({
    anonymousPage: page,
  }) => {
    await page.goto('/users');
    await expect(page).toHaveURL('/login?redirect=%2Fusers');
    // The password form stays for the break-glass administrator.
    await expect(page.getByLabel('Email')).toBeVisible();
    await signInWithProvider(page, ada);

    await expect(page).toHaveURL('/users');
    await expect(pageHeading(page)).toHaveText('User Management');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(ada.email);
    const card = page.getByRole('article', { name: ada.name });
    await expect(card.getByTestId('global-role-badge')).toHaveText('admin');
    await expect(card.getByTestId('sso-source-badge')).toHaveText('From SSO');
    // Administration (the Audit Log) is for administrators only.
    await expect(page.getByRole('link', { name: 'Audit Log' })).toBeVisible();

    // Signing out offers to end the provider's session too.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL('/login');
    const offer = page.getByRole('link', { name: `Also sign out of ${SSO_DISPLAY_NAME}` });
    await expect(offer).toBeVisible();
    expect(await offer.getAttribute('href')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });

  test('a member of a tenant group gets that tenant role and no administration', async ({
    anonymousPage: page,
  }) => {
    await page.goto('/login');
    await signInWithProvider(page, bob);

    await expect(page).toHaveURL('/');
    await expect(pageHeading(page)).toHaveText('Overview');
    const me = (await (await page.request.get('/api/auth/me')).json()) as Me;
    expect(me.user.globalRole).toBe('user');
    expect(me.memberships).toEqual([{ tenantId, role: 'developer' }]);

    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await expect(sidebar.getByRole('link', { name: 'Tenants' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Audit Log' })).toHaveCount(0);
    await page.goto('/settings');
    await expect(page.getByTestId('settings-read-only')).toBeVisible();
    await expect(page.getByText('Single sign-on')).toHaveCount(0);
  });

  test('an unknown user comes back to the sign-in page with whom to ask', async ({
    request,
    anonymousPage: page,
  }) => {
    await putSsoSettings(request, false, [{ group: SSO_GROUPS.admins, globalRole: 'admin' }]);
    await page.goto('/login');
    await signInWithProvider(page, carol);

    await expect(page).toHaveURL('/login?sso_error=unknown_user');
    await expect(page.getByRole('alert')).toHaveText(
      'Your account is not set up in Resource Manager. Ask platform-team@example.com for access.',
    );
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });
});
