import { expect, test } from '../fixtures';
import { fillEditor } from '../code-editor';
import type { Page } from '@playwright/test';
import { choose, toast } from './helpers';

/**
 * Picks a status in the list's filter, and checks that it took: on a loaded machine a Radix Select has
 * been seen to close on the click without choosing, which left the list unfiltered.
 */
async function filterByStatus(page: Page, status: string): Promise<void> {
  const filter = page.getByRole('combobox', { name: 'Status filter' });
  await expect(async () => {
    await choose(page, filter, status);
    await expect(filter).toHaveText(status, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

test.describe('capability catalogue', () => {
  test('an administrator registers a capability, finds it, edits it, filters by status and deletes it', async ({
    page,
  }) => {
    test.slow();
    const name = `E2E Capability ${Date.now()}`;
    await page.goto('/apis');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Capabilities');
    const rows = page.getByTestId('capability-row');
    await expect(rows.filter({ hasText: 'Notification Service' })).toHaveCount(1);

    // Register.
    await page.getByRole('button', { name: 'Register Capability' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Register Capability' })).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Description').fill('Registered by the end-to-end suite');
    await dialog.getByLabel('Version').fill('0.1.0');
    await choose(page, dialog.getByRole('combobox', { name: 'Status' }), 'Provisioning');
    await dialog.getByLabel('Endpoint').fill('https://e2e.example.com/v1');
    await dialog.getByLabel('Category').fill('Testing');
    await fillEditor(dialog.getByLabel('Configuration JSON Schema'), '{"type": "object"');
    await dialog.getByRole('button', { name: 'Register' }).click();
    await expect(dialog.getByText('Configuration schema must be valid JSON')).toBeVisible();
    await fillEditor(
      dialog.getByLabel('Configuration JSON Schema'),
      '{"type": "object", "required": ["region"]}',
    );
    await dialog.getByRole('button', { name: 'Register' }).click();
    await expect(toast(page, 'Capability registered')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Find it by search (the server searches name, description and category).
    const search = page.getByRole('searchbox', { name: 'Search capabilities' });
    await search.fill(name);
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row).toContainText(name);
    await expect(row).toContainText('Testing');
    await expect(row).toContainText('0.1.0');
    await expect(row.getByTestId('status-badge')).toHaveText('Provisioning');
    await expect(row).toContainText('https://e2e.example.com/v1');

    // Edit it: the same dialog, prefilled.
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(dialog.getByRole('heading', { name: 'Edit Capability' })).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveValue(name);
    await dialog.getByLabel('Category').fill('Quality');
    await choose(page, dialog.getByRole('combobox', { name: 'Status' }), 'Deprecated');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Capability updated')).toBeVisible();
    await expect(row).toContainText('Quality');
    await expect(row.getByTestId('status-badge')).toHaveText('Deprecated');

    // Filter by status: only deprecated capabilities remain.
    await search.fill('');
    await filterByStatus(page, 'Deprecated');
    await expect(rows.filter({ hasText: name })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Legacy Reporting API' })).toHaveCount(1);
    await expect(rows.filter({ hasText: 'Notification Service' })).toHaveCount(0);
    await expect
      .poll(async () => new Set(await rows.getByTestId('status-badge').allTextContents()))
      .toEqual(new Set(['Deprecated']));

    // Delete it after confirming.
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(name);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Capability deleted')).toBeVisible();
    await expect(rows.filter({ hasText: name })).toHaveCount(0);

    await filterByStatus(page, 'All statuses');
    await search.fill(name);
    await expect(page.getByText('No capabilities found')).toBeVisible();
  });

  test('Configure opens the capability page, and its back link returns', async ({ page }) => {
    await page.goto('/apis');
    await page
      .getByTestId('capability-row')
      .filter({ hasText: 'API Gateway' })
      .getByRole('link', { name: 'Configure API Gateway' })
      .click();
    await expect(page).toHaveURL('/capability/api-002/configuration');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('API Gateway');
    await expect(page.getByTestId('configuration-schema')).toContainText('"rateLimit"');
    await page.getByRole('link', { name: 'Back to Capabilities' }).click();
    await expect(page).toHaveURL('/apis');
  });

  test('a capability name links to its page', async ({ page }) => {
    await page.goto('/apis');
    await page
      .getByTestId('capability-row')
      .filter({ hasText: 'API Gateway' })
      .getByRole('link', { name: 'API Gateway', exact: true })
      .click();
    await expect(page).toHaveURL('/capability/api-002/configuration');
  });
});
