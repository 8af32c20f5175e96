import { expect, test } from '../fixtures';
import { appCard, choose, chooseTechnology, searchApps, toast } from './helpers';

test.describe('web applications', () => {
  test('the two-step Create Web App flow: Next, Back, Cancel, create, find, filter, edit, open and delete', async ({
    page,
    baseURL,
  }) => {
    test.slow();
    const name = `E2E App ${Date.now()}`;
    await searchApps(page, '');
    await expect(page.getByTestId('web-app-card').first()).toBeVisible();

    // Step 1: Next only once a technology is chosen; Back returns; Cancel resets to step 1.
    await page.getByRole('button', { name: 'Create Web App' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Create Web App' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
    await chooseTechnology(dialog, 'Web Component');
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeEnabled();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByLabel('Application Name')).toBeVisible();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByRole('radio', { name: /^Web Component/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Create Web App' }).click();
    await expect(dialog.getByRole('radiogroup', { name: 'Technology' })).toBeVisible();
    await expect(dialog.getByLabel('Application Name')).toHaveCount(0);

    // Step 2: the defaults, Create Application only with a name.
    await chooseTechnology(dialog, 'Module Federation');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('button', { name: 'Create Application' })).toBeDisabled();
    await expect(dialog.getByRole('combobox', { name: 'Tenant' })).not.toHaveText('Loading tenants...');
    await expect(dialog.getByRole('combobox', { name: 'Environment' })).toHaveText('Dev');
    await expect(dialog.getByRole('combobox', { name: 'Region' })).toHaveText('us-east-1');
    await expect(dialog.getByRole('switch', { name: 'Use Standard Header' })).not.toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Use Standard Footer' })).not.toBeChecked();
    await dialog.getByLabel('Application Name').fill(name);
    await dialog.getByLabel('Description').fill('Created by the end-to-end suite');
    await choose(page, dialog.getByRole('combobox', { name: 'Environment' }), 'UAT');
    await choose(page, dialog.getByRole('combobox', { name: 'Region' }), 'eu-west-1');
    await dialog.getByRole('switch', { name: 'Use Standard Header' }).click();
    await dialog.getByRole('button', { name: 'Create Application' }).click();
    await expect(toast(page, 'Web app created')).toBeVisible();
    await expect(dialog).toBeHidden();

    // After creation the dialog starts over with every default.
    await page.getByRole('button', { name: 'Create Web App' }).click();
    await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled();
    await chooseTechnology(dialog, 'Iframe Composition');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByLabel('Application Name')).toHaveValue('');
    await expect(dialog.getByRole('combobox', { name: 'Environment' })).toHaveText('Dev');
    await expect(dialog.getByRole('combobox', { name: 'Region' })).toHaveText('us-east-1');
    await expect(dialog.getByRole('switch', { name: 'Use Standard Header' })).not.toBeChecked();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Find it by search after a reload: it starts as provisioning.
    await page.reload();
    await searchApps(page, name);
    const card = appCard(page, name);
    await expect(card).toBeVisible();
    await expect(page.getByTestId('web-app-card')).toHaveCount(1);
    await expect(card.getByTestId('status-badge')).toHaveText('Provisioning');
    await expect(card.getByTestId('web-app-technology')).toHaveText('Module Federation');
    await expect(card.getByTestId('web-app-environment')).toHaveText('UAT');
    await expect(card).toContainText('eu-west-1');
    await expect(card.getByRole('button', { name: 'Open Application' })).toBeDisabled();

    // Status filter.
    const statusFilter = page.getByRole('combobox', { name: 'Status filter' });
    await choose(page, statusFilter, 'Provisioning');
    await expect(card).toBeVisible();
    await choose(page, statusFilter, 'Stopped');
    await expect(page.getByText('No applications found')).toBeVisible();
    await choose(page, statusFilter, 'All statuses');
    await expect(card).toBeVisible();

    // Edit: status and url.
    await card.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(dialog.getByLabel('Application Name')).toHaveValue(name);
    await choose(page, dialog.getByRole('combobox', { name: 'Status' }), 'Running');
    await dialog.getByLabel('URL').fill(`${baseURL}/web-app-builder`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Web app updated')).toBeVisible();
    await page.reload();
    await searchApps(page, name);
    await choose(page, statusFilter, 'Running');
    await expect(card.getByTestId('status-badge')).toHaveText('Running');

    // Open Application opens the url in a new tab.
    const popup = page.waitForEvent('popup');
    await card.getByRole('button', { name: 'Open Application' }).click();
    const opened = await popup;
    await expect(opened).toHaveURL(`${baseURL}/web-app-builder`);
    await opened.close();

    // Delete.
    await card.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Web app deleted')).toBeVisible();
    await expect(page.getByText('No applications found')).toBeVisible();
    await page.reload();
    await searchApps(page, name);
    await expect(page.getByText('No applications found')).toBeVisible();
  });

  test('search covers name, description and technology', async ({ page }) => {
    await searchApps(page, 'Iframe-Composition');
    // Once the debounced search answers, every card is an iframe-composition app (the demo data has some).
    const technologies = page.getByTestId('web-app-card').getByTestId('web-app-technology');
    await expect
      .poll(async () => {
        const texts = await technologies.allTextContents();
        return texts.length > 0 && texts.every((text) => text === 'Iframe Composition');
      })
      .toBe(true);

    await page.getByRole('searchbox', { name: 'Search applications' }).fill(`no such app ${Date.now()}`);
    await expect(page.getByText('No applications found')).toBeVisible();
  });
});
