import { TOKEN_MESSAGES } from '../../src/contract/api-tokens';
import { expect, test } from '../fixtures';
import { pageHeading } from './auth-helpers';

/** GET /api/tenants from outside the browser, as a pipeline would: the bearer token and nothing else. */
async function tenantsWithToken(baseURL: string, token: string): Promise<Response> {
  return fetch(new URL('/api/tenants', baseURL), { headers: { Authorization: `Bearer ${token}` } });
}

test.describe('API tokens', () => {
  test('an administrator creates a token, a script uses it, and revoking it locks the script out', async ({
    page,
    baseURL,
  }) => {
    const origin = baseURL ?? '';
    const name = `e2e-pipeline-${test.info().testId}`;
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'API access' }).click();
    await expect(page).toHaveURL('/api-access');
    await expect(pageHeading(page)).toHaveText('API access');

    await page.getByRole('button', { name: 'Create token' }).first().click();
    const form = page.getByRole('dialog', { name: 'Create token' });
    await form.getByLabel('Name').fill(name);
    await form.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByRole('dialog', { name: 'Token created' });
    await expect(shown.getByText('Copy this token now: it will not be shown again.')).toBeVisible();
    const field = shown.getByRole('textbox', { name: /^Token/ });
    await expect(field).toHaveValue(/^rmt_/);
    const token = await field.inputValue();

    const allowed = await tenantsWithToken(origin, token);
    expect(allowed.status).toBe(200);
    expect(Array.isArray(await allowed.json())).toBe(true);

    // Closed, the secret is gone from the page; the list shows the token by its prefix only.
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();
    const item = page.getByRole('listitem', { name });
    await expect(item.getByTestId('token-status')).toHaveText('Active');
    await expect(page.getByText(token)).toHaveCount(0);

    await item.getByRole('button', { name: `Revoke ${name}` }).click();
    await page
      .getByRole('alertdialog', { name: 'Revoke token?' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await expect(page.getByText('Token revoked', { exact: true })).toBeVisible();
    await expect(item.getByTestId('token-status')).toHaveText('Revoked');

    const refused = await tenantsWithToken(origin, token);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe(TOKEN_MESSAGES.revoked);
  });

  test('an administrator adds a service account and gives it a token that works', async ({
    page,
    baseURL,
  }) => {
    const name = `e2e-bot-${test.info().testId}`;
    await page.goto('/users');
    await page.getByRole('button', { name: 'Add service account' }).click();
    const form = page.getByRole('dialog', { name: 'Add service account' });
    await form.getByLabel('Name').fill(name);
    await form.getByRole('button', { name: 'Add service account' }).click();
    await expect(page.getByText('Service account created', { exact: true })).toBeVisible();

    await page.getByRole('combobox', { name: 'Kind filter' }).click();
    await page.getByRole('option', { name: 'Service accounts' }).click();
    await page.getByRole('searchbox', { name: 'Search users' }).fill(name);
    const card = page.getByRole('article', { name });
    await expect(card.getByTestId('service-account-badge')).toHaveText('Service account');
    await card.getByRole('button', { name: `Actions for ${name}` }).click();
    await expect(page.getByRole('menuitem', { name: 'Reset password' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'API tokens' }).click();

    await page
      .getByRole('dialog', { name: 'API tokens' })
      .getByRole('button', { name: 'Create token' })
      .click();
    const create = page.getByRole('dialog', { name: 'Create token' });
    await create.getByLabel('Name').fill('release');
    await create.getByRole('switch', { name: 'Read-only' }).click();
    await create.getByRole('button', { name: 'Create token' }).click();
    const token = await page
      .getByRole('dialog', { name: 'Token created' })
      .getByRole('textbox', { name: /^Token/ })
      .inputValue();
    expect(token).toMatch(/^rmt_/);

    // A new service account reaches no tenant yet: an empty list, but the token authenticates.
    const res = await tenantsWithToken(baseURL ?? '', token);
    expect(res.status).toBe(200);
  });
});
