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
});
