import { DUPLICATE_EMAIL_MESSAGE } from '../../src/contract/users';
import { expect, test } from '../fixtures';
import { pick } from '../pickers';
import { createUser, firstTenant, openUserCard, uniqueEmail } from './helpers';

test.describe('user management', () => {
  test('adds a user, and a duplicate email shows its error', async ({ page }) => {
    const email = uniqueEmail('e2e-add');
    const name = `E2E Added ${Date.now()}`;
    await page.goto('/users');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('User Management');

    await page.getByRole('button', { name: 'Add User' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Initial Password').fill('an-e2e-password-1');
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(page.getByText('User created', { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search users' }).fill(email);
    const card = page.getByRole('article', { name });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('global-role-badge')).toHaveText('user');
    await expect(card.getByText('No tenant access configured')).toBeVisible();

    // The same email again: the server's 409 beside the field and in the toast.
    await page.getByRole('button', { name: 'Add User' }).click();
    dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Name').fill('Someone Else');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Add User' }).click();
    await expect(dialog.getByText(DUPLICATE_EMAIL_MESSAGE)).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    // The toast (outside the modal dialog, so hidden from the accessibility tree while it is open).
    const toast = page.locator('li', { has: page.getByText('Error', { exact: true }) });
    await expect(toast).toContainText(DUPLICATE_EMAIL_MESSAGE);
  });

  test('Manage Access adds a tenant entry that shows on the card', async ({ page, request }) => {
    const email = uniqueEmail('e2e-access');
    const name = `E2E Access ${Date.now()}`;
    await createUser(request, { name, email });
    const tenant = await firstTenant(request);

    const card = await openUserCard(page, email, name);
    await expect(card.getByText('No tenant access configured')).toBeVisible();
    await card.getByRole('button', { name: 'Manage Access' }).click();

    const dialog = page.getByRole('dialog', { name: 'Manage Access' });
    // The tenant picker searches the server: other specs may have created many tenants before this one.
    await pick(page, dialog.getByRole('combobox', { name: 'Tenant' }), tenant.name);
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Developer' }).click();
    await dialog.getByLabel('Display Name').fill('E2E Alias');
    await dialog.getByLabel('Job Title').fill('Release Engineer');
    await dialog.getByLabel('Permissions').fill('deploy, read');
    await dialog.getByRole('button', { name: 'Grant Access' }).click();
    await expect(page.getByText('Access granted', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Current access' }).getByText(tenant.name)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    const entry = card.getByTestId('tenant-access');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(tenant.name);
    await expect(entry.getByTestId('tenant-role-badge')).toHaveText('developer');
    await expect(entry).toContainText('Release Engineer');
    await expect(entry).toContainText('Display as E2E Alias');

    // Persisted: the same entry after a reload.
    const reloaded = await openUserCard(page, email, name);
    await expect(reloaded.getByTestId('tenant-access')).toContainText(tenant.name);
  });

  test('search by name or email, and the empty state', async ({ page, request }) => {
    const email = uniqueEmail('e2e-search');
    const name = `E2E Searchable ${Date.now()}`;
    await createUser(request, { name, email });

    await page.goto('/users');
    const search = page.getByRole('searchbox', { name: 'Search users' });
    await expect(page.getByTestId('user-card').first()).toBeVisible();

    await search.fill(name);
    await expect(page.getByTestId('user-card')).toHaveCount(1);
    await expect(page.getByRole('article', { name })).toContainText(email);
    await search.fill(email.toUpperCase());
    await expect(page.getByRole('article', { name })).toBeVisible();

    await search.fill(`no-such-user-${Date.now()}`);
    await expect(page.getByText('No users found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search criteria')).toBeVisible();
    await expect(page.getByTestId('user-card')).toHaveCount(0);
  });
});
