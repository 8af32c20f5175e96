import type { Page } from '@playwright/test';
import { LIVE_EVENTS_PATH, LIVE_MESSAGES } from '../../src/contract/events';
import type { Tenant } from '../../src/contract/tenants';
import { E2E_ADMIN } from '../credentials';
import { developerRequest, requestConfigurationChange, waitingFor } from '../changes/helpers';
import { expect, signIn, test, waitForInteractiveLoads } from '../fixtures';
import { searchTenants, tenantAction, tenantCard } from '../tenants/helpers';
import { adminBPage, waitForLive } from './helpers';

/** The sidebar's Changes link, whatever its badge says. */
const changesLink = (page: Page) =>
  page.getByTestId('sidebar').getByRole('navigation', { name: 'Review' }).getByRole('link');

test('A approves a request: B sees the Changes badge and list follow, without a reload', async ({
  page,
  request,
  browser,
}) => {
  await page.goto('/changes');
  const developer = await developerRequest(page, request);
  const title = `E2E live approve ${Date.now()}`;
  const created = await requestConfigurationChange(developer, title);
  await developer.dispose();

  const pageB = await adminBPage(browser, request);
  const waiting = await waitingFor(pageB.request);
  await pageB.goto('/changes');
  await waitForLive(pageB);
  const row = pageB.getByTestId('change-row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(changesLink(pageB)).toHaveAccessibleName(`Changes, ${waiting} waiting for your approval`);

  const approved = await request.post(`/api/change-requests/${created.id}/approve`, { data: {} });
  expect(approved.ok(), await approved.text()).toBe(true);

  // Applied with its one approval: no longer waiting for B, on the list or on the badge.
  await expect(row).toHaveCount(0);
  await expect(changesLink(pageB)).toHaveAccessibleName(
    waiting === 1 ? 'Changes' : `Changes, ${waiting - 1} waiting for your approval`,
  );
  await pageB.context().close();
});

test("A edits a tenant while B has its edit form open: B's form says so at once", async ({
  request,
  browser,
}) => {
  const name = `Live edit ${Date.now()}`;
  const created = await request.post('/api/tenants', {
    data: { name, owner: 'first.owner@example.com', description: 'Before anyone edited' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const tenant = (await created.json()) as Tenant;

  const pageB = await adminBPage(browser, request);
  await searchTenants(pageB, name);
  await waitForLive(pageB);
  await tenantAction(pageB, tenantCard(pageB, name), 'Edit');
  const dialog = pageB.getByRole('dialog');
  await expect(dialog.getByLabel('Tenant Name')).toHaveValue(name);

  const edited = await request.patch(`/api/tenants/${tenant.id}`, { data: { description: 'Edited by A' } });
  expect(edited.ok(), await edited.text()).toBe(true);

  const notice = dialog.getByTestId('changed-underneath');
  await expect(notice).toContainText(LIVE_MESSAGES.changedUnderneath(E2E_ADMIN.email));
  await notice.getByRole('button', { name: 'Review their version' }).click();
  await expect(dialog.getByTestId('conflict-alert')).toContainText('Edited by A');
  await pageB.context().close();
});

test('the indicator shows while the live stream is unreachable, and goes once it is back', async ({
  browser,
}) => {
  const context = await browser.newContext();
  await signIn(context.request);
  const pageB = waitForInteractiveLoads(await context.newPage());
  const stream = `**${LIVE_EVENTS_PATH}`;
  await pageB.route(stream, (route) => route.abort());
  await pageB.goto('/');

  const indicator = pageB.getByRole('status').filter({ hasText: LIVE_MESSAGES.offline });
  await expect(indicator).toBeVisible();
  await pageB.unroute(stream);
  // The browser (or, once it gives up, the console) retries after a pause of a few seconds.
  await expect(pageB.getByTestId('live-indicator')).toHaveAttribute('data-state', 'live', {
    timeout: 20_000,
  });
  await expect(pageB.getByText(LIVE_MESSAGES.offline)).toHaveCount(0);
  await context.close();
});
