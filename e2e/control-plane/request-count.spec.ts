import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { withoutLiveUpdates } from '../live/helpers';
import { SHELL_READS } from '../shell-reads';
import { CONTROL_PLANE, registerCapability } from './helpers';

/** Loads the Capabilities tab and answers the GET /api requests it made and how many cards it shows. */
async function loadCapabilitiesTab(page: Page): Promise<{ gets: string[]; cards: number }> {
  const gets: string[] = [];
  const onRequest = (request: { method(): string; url(): string }) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/')) gets.push(url.pathname);
  };
  page.on('request', onRequest);
  await page.goto(CONTROL_PLANE);
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  return { gets, cards: await page.getByRole('article').count() };
}

test('the Capabilities tab makes the same number of requests however many capabilities exist', async ({
  page,
  request,
}) => {
  // The registrations below would reach the open page as live events and refetch its list mid-count.
  await withoutLiveUpdates(page);
  const before = await loadCapabilitiesTab(page);
  const pageReads = before.gets.filter((path) => !SHELL_READS.has(path));
  expect(pageReads).toHaveLength(3);
  expect(pageReads).toEqual(
    expect.arrayContaining([
      '/api/tenants/tenant-001',
      '/api/capabilities',
      expect.stringMatching(/^\/api\/capability-subscriptions\/versions\/active\/tenant-001\/[^/]+\/[^/]+$/),
    ]),
  );

  await registerCapability(request, `E2E Count A ${Date.now()}`);
  await registerCapability(request, `E2E Count B ${Date.now()}`);
  const after = await loadCapabilitiesTab(page);
  expect(after.cards).toBe(before.cards + 2);
  expect(after.gets).toHaveLength(before.gets.length);
  console.info(
    `Capabilities tab GET /api requests: ${before.gets.length} with ${before.cards} capabilities, ${after.gets.length} with ${after.cards}`,
  );
});
