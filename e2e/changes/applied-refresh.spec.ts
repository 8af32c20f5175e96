import type { APIRequestContext, Page } from '@playwright/test';
import type { ChangeRequest } from '../../src/contract/changes';
import { CONTROL_PLANE, TENANT_ID, toast } from '../control-plane/helpers';
import { expect, test } from '../fixtures';
import { developerRequest, productionCapabilityAtVersion1 } from './helpers';

/** Posts a change as `requester` and answers the pending request it became. */
async function requestChange(requester: APIRequestContext, change: object): Promise<ChangeRequest> {
  const res = await requester.post('/api/change-requests', { data: { change } });
  expect(res.status(), await res.text()).toBe(201);
  const created = (await res.json()) as ChangeRequest;
  expect(created.status).toBe('pending');
  return created;
}

/** Goes somewhere inside the app by its sidebar, so the page (and its query cache) stays loaded. */
async function openChangeFromSidebar(page: Page, request: ChangeRequest): Promise<void> {
  await page
    .getByTestId('sidebar')
    .getByRole('link', { name: /^Changes/ })
    .click();
  await page.getByRole('link', { name: `Change request #${request.number}` }).click();
  await expect(page).toHaveURL(`/changes/${request.id}`);
}

async function approve(page: Page, request: ChangeRequest): Promise<void> {
  await page.getByRole('button', { name: 'Approve' }).click();
  await page
    .getByRole('dialog', { name: `Approve #${request.number}?` })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(toast(page)).toContainText('Change applied');
}

test('screens read before an approval show what it applied, without a reload', async ({ page, request }) => {
  const stamp = Date.now();
  const name = `E2E refresh ${stamp}`;
  const path = `/e2e-refresh-${stamp}`;
  const capabilityId = await productionCapabilityAtVersion1(request, name);
  await page.goto('/changes');
  const developer = await developerRequest(page, request);
  const configuration = await requestChange(developer, {
    kind: 'configuration.create',
    body: {
      subscriptionId: `sub-${TENANT_ID}-${capabilityId}`,
      tenantId: TENANT_ID,
      capabilityId,
      environment: 'production',
      region: 'us-east-1',
      configuration: '{"level": 2}',
    },
  });
  const route = await requestChange(developer, {
    kind: 'gateway_route.create',
    tenantId: TENANT_ID,
    body: { capabilityId, environment: 'production', path, methods: ['GET'], targetService: 'refresh:8080' },
  });
  await developer.dispose();

  // Both screens are read (and cached) before the approvals.
  await page.goto(`${CONTROL_PLANE}?env=production&region=us-east-1`);
  const card = page.getByRole('article', { name });
  await expect(card.getByText('Version 1')).toBeVisible();
  await page.getByRole('tab', { name: /Gateway/ }).click();
  await expect(page.getByTestId('gateway-scope')).toBeVisible();
  await expect(page.getByTestId('route-row').filter({ hasText: path })).toHaveCount(0);

  await openChangeFromSidebar(page, configuration);
  await approve(page, configuration);
  await openChangeFromSidebar(page, route);
  await approve(page, route);

  // Back through the history (no reload): the control plane and the Gateway tab show the new state.
  for (let step = 0; step < 10 && !page.url().includes('/control-plane'); step++) await page.goBack();
  await page.getByRole('tab', { name: 'Capabilities' }).click();
  await expect(card.getByText('Version 2')).toBeVisible();
  await page.getByRole('tab', { name: /Gateway/ }).click();
  await expect(page.getByTestId('route-row').filter({ hasText: path })).toBeVisible();
});
