import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { developerRequest, requestConfigurationChange } from '../changes/helpers';
import { openRoute } from './routes';

/** Opens the review page of a new pending request by the demo developer, which the administrator may decide. */
async function openDevelopersRequest(page: Page): Promise<void> {
  await openRoute(page, '/changes');
  const developer = await developerRequest(page, page.request);
  const created = await requestConfigurationChange(developer, `Accessibility check ${Date.now()}`);
  await developer.dispose();
  await openRoute(page, `/changes/${created.id}`);
}

/** The open dialog (a Radix Dialog or AlertDialog). */
export const openDialog = (page: Page) => page.locator('[role="dialog"], [role="alertdialog"]').last();

/** The toast list (Radix renders one region named after its hotkey). */
export const toastList = (page: Page) => page.getByRole('region', { name: /^Notifications/ });

/**
 * The toast on screen, found by its markup: while a modal dialog is open everything outside it, the
 * toast region included, is hidden from the accessibility tree, so role queries do not reach it.
 */
export const shownToast = (page: Page) => page.locator('li[data-swipe-direction][data-state="open"]');

/** A per-row menu button on a card: 'Actions for <name>'. */
const cardMenu = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .first()
    .getByRole('button', { name: /^Actions for / });

/**
 * The dialogs of the app, each with the steps that open it from its screen. Every entry ends with the
 * dialog open and its content loaded.
 */
export const appDialogs: { name: string; open: (page: Page) => Promise<void> }[] = [
  {
    name: 'Create Tenant',
    open: async (page) => {
      await openRoute(page, '/tenants');
      await page.getByRole('button', { name: 'Create Tenant' }).click();
    },
  },
  {
    name: 'Create Tenant after a failed submit',
    open: async (page) => {
      await openRoute(page, '/tenants');
      await page.getByRole('button', { name: 'Create Tenant' }).click();
      await openDialog(page).getByRole('button', { name: 'Create Tenant' }).click();
      await expect(openDialog(page).locator('[aria-invalid="true"]').first()).toBeVisible();
    },
  },
  {
    name: 'Configure Tenant Infrastructure',
    open: async (page) => {
      await openRoute(page, '/tenants');
      await cardMenu(page, 'tenant-card').click();
      await page.getByRole('menuitem', { name: 'Configure IDP & Auth' }).click();
    },
  },
  {
    name: 'Delete tenant',
    open: async (page) => {
      await openRoute(page, '/tenants');
      await cardMenu(page, 'tenant-card').click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
    },
  },
  {
    name: 'Add User',
    open: async (page) => {
      await openRoute(page, '/users');
      await page.getByRole('button', { name: 'Add User' }).click();
    },
  },
  {
    name: 'Add service account',
    open: async (page) => {
      await openRoute(page, '/users');
      await page.getByRole('button', { name: 'Add service account' }).click();
    },
  },
  {
    name: 'Create token',
    open: async (page) => {
      await openRoute(page, '/api-access');
      // In the header of the list, or in its empty state when there is no token yet.
      await page.getByRole('button', { name: 'Create token' }).first().click();
      await expect(openDialog(page).getByLabel('Name')).toBeVisible();
    },
  },
  {
    name: 'Single sign-on',
    open: async (page) => {
      await openRoute(page, '/users');
      await cardMenu(page, 'user-card').click();
      await page.getByRole('menuitem', { name: 'Single sign-on' }).click();
      await expect(
        openDialog(page)
          .getByText(/^(No linked identities|Provider)$/)
          .first(),
      ).toBeVisible();
    },
  },
  {
    name: 'Manage Access',
    open: async (page) => {
      await openRoute(page, '/users');
      await page
        .getByRole('button', { name: /^Manage Access/ })
        .first()
        .click();
    },
  },
  {
    name: 'Register Capability',
    open: async (page) => {
      await openRoute(page, '/apis');
      await page.getByRole('button', { name: 'Register Capability' }).click();
    },
  },
  {
    name: 'Configure capability',
    open: async (page) => {
      await openRoute(page, '/tenant/tenant-001/control-plane');
      await page
        .getByRole('button', { name: /^(Configure|Update Configuration)( |$)/ })
        .first()
        .click();
    },
  },
  {
    // Production needs an approval (the default policy): the dialog requests the change.
    name: 'Configure capability, requesting a scheduled change',
    open: async (page) => {
      await openRoute(page, '/tenant/tenant-001/control-plane?env=production');
      await page
        .getByRole('button', { name: /^(Configure|Update Configuration)( |$)/ })
        .first()
        .click();
      await openDialog(page).getByRole('checkbox', { name: 'Schedule for later' }).click();
      await expect(openDialog(page).getByLabel('Time zone')).toBeVisible();
    },
  },
  {
    name: 'Request: Rollback Production, with a bypass',
    open: async (page) => {
      await openRoute(page, '/tenant/tenant-001/control-plane?tab=configuration');
      await page.getByTestId('blue-green-production').getByRole('button', { name: 'Rollback' }).click();
      await openDialog(page).getByRole('checkbox', { name: 'Bypass approval' }).click();
      await expect(openDialog(page).getByLabel('Reason')).toBeVisible();
    },
  },
  {
    name: 'Configuration Version History',
    open: async (page) => {
      await openRoute(page, '/tenant/tenant-001/control-plane');
      await page
        .getByRole('button', { name: /^History/ })
        .first()
        .click();
      await expect(openDialog(page).getByRole('list', { name: 'Configuration versions' })).toBeVisible();
    },
  },
  {
    name: 'Create Route',
    open: async (page) => {
      await openRoute(page, '/tenant/tenant-001/control-plane?tab=gateway&env=production');
      await page.getByRole('button', { name: 'Create Route' }).first().click();
      await expect(openDialog(page).getByRole('combobox', { name: 'Capability' })).toBeEnabled();
    },
  },
  {
    name: 'Create Policy',
    open: async (page) => {
      await openRoute(page, '/tenant/tenant-001/control-plane?tab=gateway&env=production');
      await page.getByRole('button', { name: 'Create Policy' }).first().click();
      await expect(openDialog(page).getByRole('textbox', { name: 'Rego policy' })).toBeVisible();
    },
  },
  {
    name: 'Promote route',
    open: async (page) => {
      // The demo's development route of tenant-001 (/auth/token): promoted to UAT, where nothing is yet.
      await openRoute(page, '/tenant/tenant-001/control-plane?tab=gateway&env=development');
      await page
        .getByTestId('route-row')
        .first()
        .getByRole('button', { name: /^Actions for route / })
        .click();
      await page.getByRole('menuitem', { name: 'Promote to UAT' }).click();
      await expect(openDialog(page).getByRole('region', { name: 'Changes in UAT' })).toContainText(
        /Nothing there yet|Difference from the active version/,
      );
      await expect(openDialog(page).getByRole('button', { name: 'Promote' })).toBeEnabled();
    },
  },
  {
    name: 'Route history',
    open: async (page) => {
      await openRoute(page, '/tenant/tenant-001/control-plane?tab=gateway&env=production');
      await page
        .getByTestId('route-row')
        .first()
        .getByRole('button', { name: /^Actions for route / })
        .click();
      await page.getByRole('menuitem', { name: 'History' }).click();
      await expect(openDialog(page).getByRole('list', { name: 'Versions' })).toBeVisible();
    },
  },
  {
    name: 'Request: delete route, with a bypass',
    open: async (page) => {
      // Production needs an approval by default: Delete opens the request dialog instead of asking.
      await openRoute(page, '/tenant/tenant-001/control-plane?tab=gateway&env=production');
      await page
        .getByTestId('route-row')
        .first()
        .getByRole('button', { name: /^Actions for route / })
        .click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await openDialog(page).getByRole('checkbox', { name: 'Bypass approval' }).click();
      await expect(openDialog(page).getByLabel('Reason')).toBeVisible();
    },
  },
  {
    name: 'Add Template',
    open: async (page) => {
      await openRoute(page, '/capability/api-007/configuration');
      await page.getByRole('button', { name: 'Add Template' }).click();
    },
  },
  {
    name: 'Create Web App',
    open: async (page) => {
      await openRoute(page, '/apps');
      await page.getByRole('button', { name: 'Create Web App' }).click();
    },
  },
  {
    name: 'Register Microfrontend',
    open: async (page) => {
      await openRoute(page, '/microfrontends');
      await page.getByRole('button', { name: 'Register Microfrontend' }).click();
    },
  },
  {
    name: 'Deploy to idle slot',
    open: async (page) => {
      await openRoute(page, '/deployments');
      await page.getByRole('button', { name: 'Deploy to idle slot' }).first().click();
    },
  },
  {
    name: 'Delete All Resources',
    open: async (page) => {
      await openRoute(page, '/settings');
      await page.getByRole('button', { name: 'Delete All Resources' }).click();
    },
  },
  {
    name: 'Approve change request',
    open: async (page) => {
      await openDevelopersRequest(page);
      await page.getByRole('button', { name: 'Approve' }).click();
    },
  },
  {
    name: 'Reject change request after a submit without a reason',
    open: async (page) => {
      await openDevelopersRequest(page);
      await page.getByRole('button', { name: 'Reject' }).click();
      await openDialog(page).getByRole('button', { name: 'Reject' }).click();
      await expect(openDialog(page).locator('[aria-invalid="true"]')).toBeVisible();
    },
  },
  {
    name: 'Schedule change request',
    open: async (page) => {
      await openDevelopersRequest(page);
      await page.getByRole('button', { name: 'Schedule' }).click();
    },
  },
  {
    name: 'Cancel change request',
    open: async (page) => {
      await openDevelopersRequest(page);
      await page.getByRole('button', { name: 'Cancel request' }).click();
    },
  },
];
