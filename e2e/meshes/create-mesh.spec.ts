import { expect, test } from '../fixtures';
import { fillEditor } from '../code-editor';
import { fillMenuItem, menuItem, toast } from './helpers';

test.describe('web app meshes', () => {
  test('build a mesh, renumber after a removal, preview, create, find it on Web Apps, open and delete it', async ({
    page,
  }) => {
    test.slow();
    const name = `E2E Mesh ${Date.now()}`;
    await page.goto('/apps/create-mesh');
    await expect(page.getByRole('heading', { name: 'Create Web App Mesh', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Tenant ID')).toHaveValue('tenant-001');
    await expect(page.getByText('No menu items added yet. Click "Add Item" to get started.')).toBeVisible();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Description').fill('Built by the end-to-end suite.');

    // Two items, both complete: the preview shows them in order.
    await page.getByRole('button', { name: 'Add Item' }).click();
    await page.getByRole('button', { name: 'Add Item' }).click();
    await fillMenuItem(page, 0, { label: 'Home', microfrontend: 'Dashboard', version: '1.2.0' });
    await fillMenuItem(page, 1, {
      label: 'Billing',
      microfrontend: 'Billing & Invoices',
      version: '2.1.1',
    });
    const preview = page.getByTestId('mesh-preview');
    await expect(preview.getByTestId('mesh-preview-item')).toHaveCount(2);
    await expect(preview.getByTestId('mesh-preview-item').nth(1)).toContainText('Billing & Invoices v2.1.1');

    // Remove the first: the other becomes order 0.
    await page.getByRole('button', { name: 'Remove item 1' }).click();
    await expect(page.getByTestId('mesh-item')).toHaveCount(1);
    await expect(menuItem(page, 0).getByLabel('Label')).toHaveValue('Billing');
    await expect(menuItem(page, 0).getByTestId('mesh-item-order')).toHaveText('Order: 0');
    const billingPreview = preview.getByTestId('mesh-preview-item').first();
    await expect(billingPreview).toContainText('Billing & Invoices v2.1.1');
    await expect(billingPreview).toContainText('https://');
    await expect(billingPreview).toContainText('./InvoiceList');
    await expect(billingPreview).toContainText('module-federation');

    // Add another: incomplete until filled, so the preview goes away meanwhile.
    await page.getByRole('button', { name: 'Add Item' }).click();
    await expect(menuItem(page, 1).getByTestId('mesh-item-order')).toHaveText('Order: 1');
    await expect(preview).toBeHidden();
    await fillMenuItem(page, 1, {
      label: 'Support',
      microfrontend: 'Support Chat',
      version: '1.0.1',
    });
    await fillEditor(
      menuItem(page, 1).getByLabel('Configuration override (JSON)'),
      '{"position": "top-left"',
    );
    await expect(preview.getByTestId('mesh-preview-config').nth(1)).toContainText(
      '"position": "bottom-right"',
    );
    await fillEditor(
      menuItem(page, 1).getByLabel('Configuration override (JSON)'),
      '{"position": "top-left"}',
    );
    await expect(preview.getByTestId('mesh-preview-config').nth(1)).toContainText('"position": "top-left"');

    await page.getByRole('button', { name: 'Create Mesh' }).click();
    await expect(toast(page, 'Web app mesh created')).toBeVisible();
    await expect(page).toHaveURL(/\/apps$/);

    // On Web Apps.
    const row = page.getByTestId('mesh-row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Acme Financial Services');
    await expect(row.getByTestId('mesh-item-count')).toHaveText('2');

    // Its page: the menu with resolved versions, in order.
    await row.getByRole('link', { name: `Open ${name}` }).click();
    await expect(page).toHaveURL(/\/apps\/meshes\/[^/]+$/);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('Built by the end-to-end suite.')).toBeVisible();
    const items = page.getByTestId('mesh-menu-item');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Order: 0');
    await expect(items.nth(0)).toContainText('Billing');
    await expect(items.nth(0)).toContainText('v2.1.1');
    await expect(items.nth(0)).toContainText('sha384-');
    await expect(items.nth(1)).toContainText('Order: 1');
    await expect(items.nth(1)).toContainText('Support Chat');
    await expect(items.nth(1)).toContainText('"position": "top-left"');
    await expect(items.nth(1)).toContainText('"greeting": "How can we help?"');

    // Delete it.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Web app mesh deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/apps$/);
    await expect(page.getByTestId('mesh-row').filter({ hasText: name })).toHaveCount(0);
  });

  test("refuses to create a mesh without items: 'No menu items'", async ({ page }) => {
    await page.goto('/apps/create-mesh');
    await page.getByLabel('Name').fill(`E2E Empty Mesh ${Date.now()}`);
    await page.getByRole('button', { name: 'Create Mesh' }).click();
    await expect(toast(page, 'No menu items')).toBeVisible();
    await expect(page.getByText('Please add at least one menu item.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/apps\/create-mesh$/);
  });
});
