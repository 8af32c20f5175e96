import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { developerRequest, requestConfigurationChange } from '../changes/helpers';
import { expect, test } from '../fixtures';
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

type Reads = { paths: string[]; bytes: number };

/** Opens the Overview with the live stream held off and answers its own GET /api reads and their bytes. */
async function openOverview(page: Page, title: string): Promise<Reads> {
  const reads: Reads = { paths: [], bytes: 0 };
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
  await withoutLiveUpdates(page);
  await page.goto('/');
  await expect(
    page.getByTestId('overview-requests').getByRole('link', { name: new RegExp(title) }),
  ).toBeVisible();
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
  const developer = await developerRequest(page, request);
  const title = `E2E overview ${Date.now()}`;
  const created = await requestConfigurationChange(developer, title);
  await developer.dispose();

  const reads = await openOverview(page, title);
  const waiting = page
    .getByTestId('overview-requests')
    .getByTestId('waiting-request')
    .filter({ hasText: title });
  await expect(waiting).toContainText(/Prod · .+ · waiting (now|\d+ min)/);
  await expect(waiting.getByRole('link')).toHaveAttribute('href', `/changes/${created.id}`);
  for (const id of ['overview-rollouts', 'overview-slots', 'overview-scheduled']) {
    await expect(page.getByTestId(id).getByTestId('card-loading')).toHaveCount(0);
  }

  // One read per card, none twice; the latency of the chosen slot only when a slot needs attention.
  const latency = reads.paths.filter((path) => /^\/api\/overview\/slots\/[^/]+\/latency$/.test(path));
  expect(reads.paths.filter((path) => !latency.includes(path)).sort()).toEqual([...PAGE_READS].sort());
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
