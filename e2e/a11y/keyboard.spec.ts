import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { openDialog, shownToast } from './dialogs';
import { openRoute } from './routes';

/** Keyboard and focus behaviour (docs/accessibility.md): skip link, titles, focus return, failed submits. */

const focused = (page: Page) => page.locator(':focus');

async function boxesIntersect(a: Locator, b: Locator): Promise<boolean> {
  const [boxA, boxB] = [await a.boundingBox(), await b.boundingBox()];
  if (!boxA || !boxB) throw new Error('both elements must be visible');
  return (
    boxA.x < boxB.x + boxB.width &&
    boxB.x < boxA.x + boxA.width &&
    boxA.y < boxB.y + boxB.height &&
    boxB.y < boxA.y + boxA.height
  );
}

test.describe('keyboard and focus', () => {
  test('"Skip to main content" is the first Tab stop and moves focus to the main content', async ({
    page,
  }) => {
    await openRoute(page, '/tenants');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL('/tenants');
  });

  test('each screen names the browser tab after itself', async ({ page }) => {
    const titles: [string, string][] = [
      ['/', 'Overview · Resource Manager'],
      ['/tenants', 'Tenants · Resource Manager'],
      ['/tenant/tenant-001/control-plane', 'Acme Financial Services · Control Plane · Resource Manager'],
      ['/users', 'Users · Resource Manager'],
      ['/apis', 'Capabilities · Resource Manager'],
      ['/capability/api-002/configuration', 'API Gateway · Capabilities · Resource Manager'],
      ['/apps', 'Web Apps · Resource Manager'],
      ['/audit-log', 'Audit Log · Resource Manager'],
      ['/api-access', 'API access · Resource Manager'],
      ['/no-such-page', 'Page not found · Resource Manager'],
    ];
    for (const [path, title] of titles) {
      await openRoute(page, path);
      await expect(page).toHaveTitle(title);
    }
  });

  test('focus returns to the button that opened a dialog', async ({ page }) => {
    await openRoute(page, '/tenants');
    const create = page.getByRole('button', { name: 'Create Tenant' });
    await create.click();
    await expect(openDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(openDialog(page)).toBeHidden();
    await expect(create).toBeFocused();
  });

  test('focus returns to the row menu whose item opened a dialog', async ({ page }) => {
    await openRoute(page, '/tenants');
    const card = page.getByTestId('tenant-card').first();
    const name = await card.getAttribute('aria-label');
    const menu = card.getByRole('button', { name: `Actions for ${name}` });
    await menu.click();
    await page.getByRole('menuitem', { name: 'Configure IDP & Auth' }).click();
    await expect(openDialog(page)).toBeVisible();
    await openDialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(openDialog(page)).toBeHidden();
    await expect(menu).toBeFocused();

    // The same through the keyboard, for a confirmation (an alert dialog).
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Delete' }).press('Enter');
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await expect(menu).toBeFocused();
  });

  test('a refused submit focuses the first invalid field', async ({ page }) => {
    await openRoute(page, '/tenants');
    await page.getByRole('button', { name: 'Create Tenant' }).click();
    await openDialog(page).getByRole('button', { name: 'Create Tenant' }).click();
    await expect(focused(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(openDialog(page).locator('[aria-invalid="true"]').first()).toBeFocused();
  });

  test('after a server refusal: focus on the field, the toast clear of the buttons, and Escape closes the dialog', async ({
    page,
  }) => {
    await openRoute(page, '/users');
    const addUser = page.getByRole('button', { name: 'Add User' });
    await addUser.click();
    const dialog = openDialog(page);
    await dialog.getByLabel('Name').fill('Someone Else');
    // The e2e administrator's address is taken: the server answers 409, shown on the email field.
    await dialog.getByLabel('Email').fill('admin@example.com');
    await dialog.getByLabel('Initial Password').fill('a-long-unusual-passphrase-42');
    await dialog.getByRole('button', { name: 'Add User' }).click();

    const toast = shownToast(page);
    await expect(toast).toBeVisible();
    await expect(dialog.getByLabel('Email')).toBeFocused();
    for (const name of ['Cancel', 'Add User'])
      expect(await boxesIntersect(toast, dialog.getByRole('button', { name, exact: true })), name).toBe(
        false,
      );

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(addUser).toBeFocused();
  });

  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 375, height: 812 },
  ]) {
    test(`the toast of a refused mesh leaves Cancel and Create Mesh uncovered at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await openRoute(page, '/apps/create-mesh');
      const create = page.getByRole('button', { name: 'Create Mesh' });
      const cancel = page.getByRole('link', { name: 'Cancel' });
      await create.scrollIntoViewIfNeeded();
      await create.click();
      const toast = shownToast(page);
      await expect(toast).toBeVisible();
      expect(await boxesIntersect(toast, create)).toBe(false);
      expect(await boxesIntersect(toast, cancel)).toBe(false);
    });
  }
});

test.describe('tables', () => {
  for (const width of [1440, 1680]) {
    test(`/apis at ${width} px shows every row's Configure and menu without scrolling sideways`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await openRoute(page, '/apis');
      const rows = page.getByTestId('capability-row');
      await expect(rows.first()).toBeVisible();
      for (const row of await rows.all()) {
        await row.scrollIntoViewIfNeeded();
        await expect(row.getByRole('link', { name: /^Configure / })).toBeInViewport({ ratio: 1 });
        await expect(row.getByRole('button', { name: /^Actions for / })).toBeInViewport({ ratio: 1 });
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    });
  }

  for (const width of [1280, 375]) {
    test(`a draft version's Edit and Publish are in view at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openRoute(page, '/microfrontends');
      const draft = page.getByTestId('version-row').filter({ hasText: 'Draft' }).first();
      await draft.scrollIntoViewIfNeeded();
      await expect(draft.getByRole('button', { name: /^Edit version / })).toBeInViewport({ ratio: 1 });
      await expect(draft.getByRole('button', { name: /^Publish version / })).toBeInViewport({ ratio: 1 });
    });
  }
});
