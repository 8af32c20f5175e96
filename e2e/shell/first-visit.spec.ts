import type { Page, Request } from '@playwright/test';
import { expect, test } from '../fixtures';
import { withoutLiveUpdates } from '../live/helpers';

/** A GET of exactly `path` (any query string). */
const isGet = (path: string) => (request: Request) =>
  request.method() === 'GET' && new URL(request.url()).pathname === path;

/**
 * The GET requests of `path` a first visit of `route` makes, counted once its first row shows. The live
 * stream is held off: an event from elsewhere in the suite (a scheduled change applying, a delivery) would
 * rightly refetch the list, and that second read is not the one this counts.
 */
async function firstVisitReads(page: Page, route: string, path: string, firstRow: () => Promise<void>) {
  let reads = 0;
  const count = (request: Request) => void (isGet(path)(request) && reads++);
  await withoutLiveUpdates(page);
  page.on('request', count);
  await page.goto(route);
  await firstRow();
  await page.waitForLoadState('networkidle');
  page.off('request', count);
  return reads;
}

/**
 * The first visit (docs/architecture.md, "How the first visit loads"): the entry starts the session check
 * and the screen's first query while the screen's code is still loading, and the screen then reads that
 * answer instead of asking again.
 */
test.describe('first visit', () => {
  test("the session check and the list's query leave before the screen's chunk has arrived", async ({
    page,
  }) => {
    const me = page.waitForRequest(isGet('/api/auth/me'));
    const list = page.waitForRequest(isGet('/api/tenants'));
    // The Tenants screen's chunk is held until its list has been requested: were the query started by
    // the screen (as before), it would never be, and this visit would time out.
    await page.route(/\/assets\/tenants-page-[\w-]+\.js$/, async (route) => {
      await list;
      await route.continue();
    });
    await page.goto('/tenants');
    await Promise.all([me, list]);
    await expect(page.getByRole('heading', { name: 'Tenant Management' })).toBeVisible();
  });

  test('a list that is stale at once is still read once on a first visit', async ({ page }) => {
    // The audit trail and change requests are refetched on every mount; the prefetched answer is not.
    const audit = await firstVisitReads(page, '/audit-log', '/api/audit-events', () =>
      expect(page.getByRole('heading', { name: 'Audit Log' })).toBeVisible(),
    );
    expect(audit).toBe(1);
    const changes = await firstVisitReads(page, '/changes?tab=all', '/api/change-requests', () =>
      expect(page.getByRole('heading', { name: 'Changes' })).toBeVisible(),
    );
    expect(changes).toBe(1);
  });
});
