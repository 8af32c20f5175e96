import { E2E_ADMIN } from '../credentials';
import { expect, signIn, test } from '../fixtures';
import { pageHeading } from '../auth/auth-helpers';
import { toast } from '../tenants/helpers';
import { createUser, uniqueEmail } from '../users/helpers';
import { chooseMenuItem, dialogNamed, expectFocusIn, tabAndChoose, tabAndPress, tabAndType } from './helpers';

/** Sign in, create a tenant, create and copy an API token: keyboard alone (docs/accessibility.md). */
test.describe('keyboard only: basics', () => {
  test('signs in', async ({ anonymousPage: page }) => {
    await page.goto('/login');
    await tabAndType(page, page.getByLabel('Email'), E2E_ADMIN.email);
    await tabAndType(page, page.getByLabel('Password'), E2E_ADMIN.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/');
    await expect(pageHeading(page)).toHaveText('Overview');
  });

  test('creates a tenant', async ({ page }) => {
    const name = `KB Tenant ${test.info().testId}`;
    await page.goto('/tenants');
    await expect(pageHeading(page)).toHaveText('Tenant Management');
    const create = page.getByRole('button', { name: 'Create Tenant' });
    await tabAndPress(page, create);
    const dialog = dialogNamed(page, 'Create Tenant');
    await expectFocusIn(dialog, dialog.getByLabel('Tenant Name'));
    await page.keyboard.type(name);
    await tabAndType(page, dialog.getByLabel('Owner'), 'kb.owner@example.com');
    await tabAndChoose(page, dialog.getByRole('combobox', { name: 'Data Residency' }), 'eu-central-1');
    await tabAndChoose(page, dialog.getByRole('combobox', { name: 'Data Classification' }), 'Internal');
    const production = dialog.getByRole('switch', { name: 'Production' });
    await tabAndPress(page, production, 'Space');
    await expect(production).not.toBeChecked();
    await tabAndPress(page, dialog.getByRole('button', { name: 'Create Tenant' }));
    await expect(toast(page, 'Tenant created')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(create).toBeFocused();
    await tabAndType(page, page.getByRole('searchbox', { name: 'Search tenants' }), name, 40);
    await expect(page.getByRole('article', { name, exact: true })).toBeVisible();
  });

  test('creates an API token and copies it', async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const name = `kb-token-${test.info().testId}`;
    // A person of their own, with no token yet: the first comes from the empty state's Create token.
    const person = { email: uniqueEmail('kb-token'), password: 'kb-token-password-1' };
    await createUser(request, { name: 'KB Token Person', ...person });
    await signIn(page.request, person);
    await page.goto('/');
    await expect(pageHeading(page)).toHaveText('Overview');
    await chooseMenuItem(page, page.getByRole('button', { name: 'Account menu' }), 'API access');
    await expect(page).toHaveURL('/api-access');
    await expect(pageHeading(page)).toHaveText('API access');
    await expect(page.getByTestId('empty-state').filter({ hasText: 'No API tokens' })).toBeVisible();
    await tabAndPress(page, page.getByRole('button', { name: 'Create token' }));
    const form = dialogNamed(page, 'Create token');
    await expectFocusIn(form);
    await tabAndType(page, form.getByLabel('Name'), name);
    await page.keyboard.press('Enter');

    const shown = dialogNamed(page, 'Token created');
    const field = shown.getByRole('textbox', { name: /^Token/ });
    await expect(field).toHaveValue(/^rmt_/);
    await expectFocusIn(shown);
    await tabAndPress(page, shown.getByRole('button', { name: 'Copy' }));
    await expect(page.getByText('Copied', { exact: true }).first()).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await field.inputValue());
    await tabAndPress(page, shown.getByRole('button', { name: 'Done' }));
    await expect(shown).toBeHidden();
    // Back on Create token: the list's, when the first token came from the empty state's (gone now).
    await expect(page.getByRole('button', { name: 'Create token' })).toBeFocused();
    await expect(page.getByRole('listitem', { name }).getByTestId('token-status')).toHaveText('Active');
  });
});
