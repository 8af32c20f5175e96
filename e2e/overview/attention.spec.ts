import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { OverviewRequests } from '../../src/contract/overview-attention';
import { developerRequest, requestConfigurationChange } from '../changes/helpers';
import { expect, test, wasServerRendered } from '../fixtures';
import { withoutLiveUpdates } from '../live/helpers';
import { SHELL_READS } from '../shell-reads';

/** The Overview's own reads: the figures and one per card (the chosen slot's latency when one fails). */
const PAGE_READS = [
  '/api/overview',
  '/api/overview/requests',
  '/api/overview/scheduled',
  '/api/overview/rollouts',
  '/api/overview/slots',
  '/api/overview/activity',
];

type Reads = { paths: string[]; bytes: number; rendered: boolean };

/** What waits for the signed-in administrator's review, as the requests card reads it. */
async function waitingForMe(request: APIRequestContext): Promise<OverviewRequests['waiting']> {
  const res = await request.get('/api/overview/requests');
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as OverviewRequests).waiting;
}

/** Opens the Overview with the live stream held off and answers its own GET /api reads and their bytes. */
async function openOverview(page: Page, waitingTotal: number): Promise<Reads> {
  await withoutLiveUpdates(page);
  // Leave the earlier visit first: its live stream refetched the cards when the request was filed, and
  // those answers must not be counted as this visit's.
  await page.goto('about:blank');
  const reads: Reads = { paths: [], bytes: 0, rendered: false };
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/') || SHELL_READS.has(url.pathname)) return;
    if (response.request().method() !== 'GET') return;
    reads.paths.push(url.pathname);
    // Bytes as received (compressed): what the page costs on the wire.
    pending.push(
      response
        .request()
        .sizes()
        .then((sizes) => void (reads.bytes += sizes.responseBodySize))
        .catch(() => undefined),
    );
  });
  reads.rendered = await wasServerRendered(await page.goto('/'));
  await expect(page.getByTestId('overview-requests').getByTestId('waiting-total')).toHaveText(
    String(waitingTotal),
  );
  await expect(page.getByTestId('overview-activity').getByTestId('activity-summary')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return reads;
}

async function scanTheme(page: Page, dark: boolean) {
  await page.evaluate((on) => {
    document.documentElement.classList.toggle('dark', on);
    document.documentElement.style.colorScheme = on ? 'dark' : 'light';
  }, dark);
  await page.evaluate(() =>
    // The colour transitions the switch starts (pulses and pings run for ever: not those).
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations.map(
    (v) => `${dark ? 'dark' : 'light'} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

test.use({ viewport: { width: 1366, height: 768 } });

test('the Overview shows a request waiting for the administrator, in one read per card, on one laptop screen', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const before = await waitingForMe(request);
  const developer = await developerRequest(page, request);
  const title = `E2E overview ${Date.now()}`;
  const created = await requestConfigurationChange(developer, title);
  await developer.dispose();
  // The new request waits for the administrator. The card lists the three that have waited longest, so
  // after earlier specs it may count the new one without listing it: the list is checked against the API.
  const after = await waitingForMe(request);
  expect(after.total).toBe(before.total + 1);

  const reads = await openOverview(page, after.total);
  const listed = page.getByTestId('overview-requests').getByTestId('waiting-request');
  await expect(listed).toHaveCount(after.items.length);
  for (const [index, item] of after.items.entries()) {
    const row = listed.nth(index);
    await expect(row).toContainText(item.title);
    await expect(row).toContainText(/(Prod|UAT|Dev) · .+ · waiting (now|\d+ (min|h|d))/);
    await expect(row.getByRole('link')).toHaveAttribute('href', `/changes/${item.id}`);
  }
  if (after.items.some((item) => item.id === created.id)) {
    await expect(listed.filter({ hasText: title })).toContainText(/Prod · .+ · waiting (now|\d+ min)/);
  }
  for (const id of ['overview-rollouts', 'overview-slots', 'overview-scheduled']) {
    await expect(page.getByTestId(id).getByTestId('card-loading')).toHaveCount(0);
  }

  // One read per card, none twice; the latency of the chosen slot only when a slot needs attention.
  const latency = reads.paths.filter((path) => /^\/api\/overview\/slots\/[^/]+\/latency$/.test(path));
  // A page rendered by the server carries the Overview's figures (/api/overview) and reads only its cards.
  const expected = PAGE_READS.filter((path) => !(reads.rendered && path === '/api/overview'));
  expect(reads.paths.filter((path) => !latency.includes(path)).sort()).toEqual(expected.sort());
  expect(latency.length).toBeLessThanOrEqual(1);
  console.info(`Overview: ${reads.paths.length} API reads of its own, ${reads.bytes} bytes`);

  // What needs the viewer fits a 1366x768 screen without scrolling.
  const grid = await page.getByTestId('overview-attention').boundingBox();
  expect(grid && grid.y + grid.height).toBeLessThanOrEqual(768);

  expect([...(await scanTheme(page, false)), ...(await scanTheme(page, true))]).toEqual([]);
  if (process.env.OVERVIEW_SCREENSHOTS) {
    // With the live stream back, so the header shows the console as it is used.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.reload();
    await expect(page.getByTestId('overview-activity').getByTestId('activity-summary')).toBeVisible();
    for (const theme of ['light', 'dark'] as const) {
      await scanTheme(page, theme === 'dark');
      await page.screenshot({ path: `${process.env.OVERVIEW_SCREENSHOTS}/overview-${theme}.png` });
    }
  }
});
