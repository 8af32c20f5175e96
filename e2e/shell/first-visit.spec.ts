import type { Page, Request } from '@playwright/test';
import { FIRST_VISIT_ROUTES } from '../../src/contract/first-visit';
import { expect, signIn, test } from '../fixtures';
import { withoutLiveUpdates } from '../live/helpers';

/** At most this many script files on a first visit of a list screen (docs/architecture.md). */
const FIRST_VISIT_SCRIPTS = 25;

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

  test(`a first visit of each list screen loads at most ${FIRST_VISIT_SCRIPTS} script files, those it needs named by the page`, async ({
    browser,
  }) => {
    test.slow(); // nine first visits, each in a fresh context
    const counts: string[] = [];
    for (const [route, { screen, requests }] of Object.entries(FIRST_VISIT_ROUTES)) {
      // A new context each time: nothing cached from the route before.
      const context = await browser.newContext();
      await signIn(context.request);
      const page = await context.newPage();
      // The live stream stays open for ever: held off, the page's network goes idle once it has loaded.
      await withoutLiveUpdates(page);
      const scripts: string[] = [];
      const reads: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (request.resourceType() === 'script') scripts.push(url.pathname);
        else if (request.method() === 'GET' && url.pathname.startsWith('/api/'))
          reads.push(url.pathname + url.search);
      });
      const response = await page.goto(route);
      await page.waitForLoadState('networkidle');
      counts.push(`${route} ${scripts.length}`);
      console.info(`${route}: ${scripts.length} script files on a first visit`);
      await context.close();
      expect(scripts.length, route).toBeLessThanOrEqual(FIRST_VISIT_SCRIPTS);

      // The page's Link header starts the screen's chunk and its first reads with the HTML (docs/architecture.md).
      const links = (response?.headers().link ?? '')
        .split(', ')
        .map((link) => link.slice(1, link.indexOf('>')));
      const chunk = new RegExp(`^/assets/${screen.replace(/^.*\//, '').replace(/\.tsx$/, '')}-[\\w-]+\\.js$`);
      expect(
        links.filter((link) => chunk.test(link)),
        `${route}: the screen's chunk preloaded`,
      ).toHaveLength(1);
      expect(links, route).toEqual(expect.arrayContaining(['/api/auth/me', ...requests]));
      // Each preload is taken by the page: one request per script and per read, none made twice.
      for (const link of links)
        expect(
          [...scripts, ...reads].filter((url) => url === link),
          `${route}: ${link}`,
        ).toHaveLength(1);
    }
    test.info().annotations.push({ type: 'scripts', description: counts.join(', ') });
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
