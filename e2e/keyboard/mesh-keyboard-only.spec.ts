import { expect, test } from '../fixtures';
import { menuItem, toast } from '../meshes/helpers';
import { tabAndPick, tabAndPress, tabAndType } from './helpers';

/** Create a web app mesh with two menu items with the keyboard alone (docs/accessibility.md). */
test('keyboard only: creates a mesh with two items', async ({ page }) => {
  const name = `KB Mesh ${test.info().testId}-${test.info().repeatEachIndex}`;
  await page.goto('/apps/create-mesh');
  await expect(page.getByRole('heading', { name: 'Create Web App Mesh', level: 1 })).toBeVisible();
  await tabAndType(page, page.getByLabel('Name'), name, 60);

  const add = page.getByRole('button', { name: 'Add Item' });
  const items = [
    { label: 'Home', microfrontend: 'Dashboard', version: '1.2.0' },
    { label: 'Billing', microfrontend: 'Billing & Invoices', version: '2.1.1' },
  ];
  for (const [index, item] of items.entries()) {
    await tabAndPress(page, add);
    await expect(page.getByTestId('mesh-item')).toHaveCount(index + 1);
    const row = menuItem(page, index);
    await tabAndType(page, row.getByLabel('Label'), item.label);
    await tabAndPick(page, row.getByRole('combobox', { name: 'Microfrontend' }), item.microfrontend);
    await tabAndPick(page, row.getByRole('combobox', { name: 'Version' }), item.version);
  }
  await expect(page.getByTestId('mesh-preview').getByTestId('mesh-preview-item')).toHaveCount(2);

  await tabAndPress(page, page.getByRole('button', { name: 'Create Mesh' }), 'Enter', 60);
  await expect(toast(page, 'Web app mesh created')).toBeVisible();
  await expect(page).toHaveURL(/\/apps$/);
  await expect(page.getByTestId('mesh-row').filter({ hasText: name })).toHaveCount(1);
});
