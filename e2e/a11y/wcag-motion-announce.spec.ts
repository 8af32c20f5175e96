import type { Page } from '@playwright/test';
import { developerRequest, requestConfigurationChange } from '../changes/helpers';
import { expect, test } from '../fixtures';
import { openDialog, shownToast } from './dialogs';
import { openRoute } from './routes';
import { movingParts, recordAnnouncements, timesAnnounced } from './wcag';

const DIALOGS = '[role="dialog"], [role="alertdialog"]';

/** Shows the error toast of a refused mesh (no menu items): a failed result. */
async function refuseMesh(page: Page): Promise<void> {
  await openRoute(page, '/apps/create-mesh');
  await page.getByRole('button', { name: 'Create Mesh' }).click();
  await expect(shownToast(page).getByText('No menu items', { exact: true })).toBeVisible();
}

test.describe('prefers-reduced-motion: reduce', () => {
  test.use({ reducedMotion: 'reduce' });

  test('dialogs, toasts, the sidebar and the Overview do not animate', async ({ page }) => {
    await test.step('the Overview (its rollout bars and countdown, skeletons)', async () => {
      await openRoute(page, '/');
      expect(await movingParts(page, 'main')).toEqual([]);
    });
    await test.step('a dialog and its overlay', async () => {
      await openRoute(page, '/tenants');
      await page.getByRole('button', { name: 'Create Tenant' }).click();
      await expect(openDialog(page)).toBeVisible();
      expect(await movingParts(page, `${DIALOGS}, [data-slot="dialog-overlay"]`)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(openDialog(page)).toBeHidden();
    });
    await test.step('the sidebar, collapsing', async () => {
      const toggle = page.getByRole('banner').getByRole('button', { name: 'Toggle Sidebar' });
      await toggle.click();
      expect(await movingParts(page, '[data-slot="sidebar"], [data-slot="sidebar-gap"]')).toEqual([]);
      await toggle.click();
    });
    await test.step('a toast', async () => {
      await refuseMesh(page);
      expect(await movingParts(page, 'li[data-swipe-direction]')).toEqual([]);
    });
  });
});

/**
 * Results of asynchronous actions reach a live region (role status or alert) exactly once: counted as
 * changes of the regions' text, from before the action until its toast has gone.
 */
test.describe('asynchronous results announced once', () => {
  test.describe.configure({ timeout: 90_000 });

  async function expectAnnouncedOnce(page: Page, text: string): Promise<void> {
    await expect(shownToast(page).getByText(text, { exact: true })).toBeVisible();
    await expect.poll(() => timesAnnounced(page, text)).toBe(1);
    // Until the toast has gone no second announcement may follow (Radix re-announces on re-render).
    await expect(shownToast(page)).toHaveCount(0, { timeout: 10_000 });
    expect(await timesAnnounced(page, text)).toBe(1);
  }

  test('saved, approved, rolled back and failed', async ({ page, request }) => {
    await test.step('saved', async () => {
      await openRoute(page, '/settings');
      await recordAnnouncements(page);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expectAnnouncedOnce(page, 'Settings saved');
    });
    await test.step('approved', async () => {
      const developer = await developerRequest(page, request);
      const created = await requestConfigurationChange(developer, `Announce ${Date.now()}`);
      await developer.dispose();
      await openRoute(page, `/changes/${created.id}`);
      await recordAnnouncements(page);
      await page.getByRole('button', { name: 'Approve' }).click();
      await page
        .getByRole('dialog', { name: `Approve #${created.number}?` })
        .getByRole('button', { name: 'Approve' })
        .click();
      await expectAnnouncedOnce(page, 'Change applied');
    });
    await test.step('rolled back', async () => {
      await openRoute(page, '/tenant/tenant-001/control-plane?tab=configuration');
      await recordAnnouncements(page);
      await page.getByTestId('blue-green-uat').getByRole('button', { name: 'Rollback' }).click();
      await openDialog(page).getByRole('button', { name: 'Rollback' }).click();
      await expectAnnouncedOnce(page, 'Rollback Complete');
    });
    await test.step('failed', async () => {
      await openRoute(page, '/apps/create-mesh');
      await recordAnnouncements(page);
      await page.getByRole('button', { name: 'Create Mesh' }).click();
      await expectAnnouncedOnce(page, 'No menu items');
    });
  });
});
