import type { Page } from '@playwright/test';
import type { Tenant } from '../../src/contract/tenants';
import { expect, signIn, test, waitForInteractiveLoads } from '../fixtures';
import { searchTenants, tenantAction, tenantCard, toast } from './helpers';

/** Opens the Edit Tenant dialog of `name` on Tenant Management; answers the dialog. */
async function openEdit(page: Page, name: string) {
  await searchTenants(page, name);
  await tenantAction(page, tenantCard(page, name), 'Edit');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Tenant Name')).toHaveValue(name);
  return dialog;
}

test('two admins edit one tenant: the later save is told, rebases, and both changes stay', async ({
  page,
  request,
  browser,
}) => {
  const name = `Concurrent ${Date.now()}`;
  const created = await request.post('/api/tenants', {
    data: { name, owner: 'first.owner@example.com', description: 'Before anyone edited' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const tenant = (await created.json()) as Tenant;

  // Admin B: a second browser with its own session.
  const contextB = await browser.newContext();
  await signIn(contextB.request);
  const pageB = waitForInteractiveLoads(await contextB.newPage());

  // Both open the same tenant's edit dialog.
  const dialogA = await openEdit(page, name);
  const dialogB = await openEdit(pageB, name);

  // A changes the description and saves first.
  await dialogA.getByLabel('Description').fill('Description by admin A');
  await dialogA.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Tenant updated')).toBeVisible();

  // B, on the version loaded before A's save, changes the owner: refused, told what differs.
  await dialogB.getByLabel('Owner').fill('owner.by.b@example.com');
  await dialogB.getByRole('button', { name: 'Save Changes' }).click();
  const alert = dialogB.getByTestId('conflict-alert');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Someone else changed this tenant while you were editing.');
  await expect(alert).toContainText('Description by admin A');
  // The open dialog hides the rest of the page from the accessibility tree, the toast viewport included.
  await expect(pageB.getByText('Not saved', { exact: true }).first()).toBeVisible();
  await expect(dialogB.getByLabel('Owner')).toHaveValue('owner.by.b@example.com');

  // Reload their version: A's description comes in, B's typed owner stays.
  await alert.getByRole('button', { name: 'Reload their version' }).click();
  await expect(alert).toBeHidden();
  await expect(dialogB.getByLabel('Owner')).toHaveValue('owner.by.b@example.com');
  await expect(dialogB.getByLabel('Description')).toHaveValue('Description by admin A');
  await dialogB.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(pageB, 'Tenant updated')).toBeVisible();
  await expect(dialogB).toBeHidden();

  // The tenant holds both changes, two revisions on.
  const after = (await (await request.get(`/api/tenants/${tenant.id}`)).json()) as Tenant;
  expect(after).toMatchObject({
    description: 'Description by admin A',
    owner: 'owner.by.b@example.com',
    revision: tenant.revision + 2,
  });
  await contextB.close();
});
