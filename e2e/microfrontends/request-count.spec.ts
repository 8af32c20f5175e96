import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, wasServerRendered } from '../fixtures';
import { waitForLive, withoutLiveUpdates } from '../live/helpers';
import { SHELL_READS } from '../shell-reads';

/** Opens /microfrontends (with a search), waits for its cards; answers the page's own GET /api reads. */
const registryAt = (q?: string) => (q ? `/microfrontends?q=${encodeURIComponent(q)}` : '/microfrontends');

async function loadRegistry(
  page: Page,
  q?: string,
): Promise<{ reads: string[]; all: number; cards: number; rendered: boolean }> {
  // The page left open by the writes before may still refetch for their last live events: it is left
  // first, so only the counted visit's requests are counted (a CI run counted such a refetch).
  await page.goto('about:blank');
  const reads: string[] = [];
  let all = 0;
  const onRequest = (request: { method(): string; url(): string }) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    all += 1;
    if (request.method() === 'GET' && !SHELL_READS.has(url.pathname)) reads.push(url.pathname);
  };
  page.on('request', onRequest);
  // Counted without the live stream: a refresh for writes just before the visit (which the server's feed
  // may still be passing on) is a live update, not one of the page's own reads.
  await withoutLiveUpdates(page);
  const rendered = await wasServerRendered(await page.goto(registryAt(q)));
  const cards = page.getByTestId('microfrontend-card');
  await expect(cards.first().getByTestId('version-row').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  return { reads, all, cards: await cards.count(), rendered };
}

/** Registers a microfrontend with two versions through the API. */
async function registerWithVersions(request: APIRequestContext, slug: string): Promise<void> {
  const created = await request.post('/api/microfrontends', { data: { slug, name: slug } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const version of ['1.0.0', '1.1.0']) {
    const res = await request.post('/api/microfrontend-versions', { data: { microfrontendId: id, version } });
    expect(res.status()).toBe(201);
  }
}

/**
 * Registers microfrontends (two versions each) with /microfrontends?q= open, until it shows them all:
 * the live feed has then passed the writes on, so the visit that counts requests next gets no refresh
 * for them.
 */
async function registerWhileWatching(page: Page, request: APIRequestContext, q: string, slugs: string[]) {
  await page.goto(registryAt(q));
  // Writes made before the live stream is open would never reach the page as events.
  await waitForLive(page);
  const before = await page.request.get(`/api/microfrontends?q=${encodeURIComponent(q)}&limit=1`);
  const total = Number(before.headers()['x-total-count']);
  for (const slug of slugs) await registerWithVersions(request, slug);
  await expect(page.getByTestId('version-row')).toHaveCount(2 * (total + slugs.length));
}

/** A full first page (25 cards, as on a large registry): names after the demo data's, so it keeps page 1. */
async function fillFirstPage(page: Page, request: APIRequestContext): Promise<void> {
  const filled = await request.get('/api/microfrontends?q=zz-e2e-fill&limit=1');
  if (filled.headers()['x-total-count'] === '25') return;
  const slugs = Array.from({ length: 25 }, (_, i) => `zz-e2e-fill-${String(i).padStart(2, '0')}`);
  await registerWhileWatching(page, request, 'zz-e2e-fill', slugs);
}

test('/microfrontends reads its page of cards, versions included, in one request however many cards', async ({
  page,
  request,
}) => {
  await fillFirstPage(page, request);
  const first = await loadRegistry(page);
  console.info(
    `/microfrontends first visit: ${first.all} API requests, ${first.reads.length} of them the page's own, ${first.cards} cards`,
  );
  expect(first.cards).toBe(25);
  // The default view may come rendered by the server with its cards (docs/architecture.md, "The first
  // view from the server"): the one read is then the page itself.
  expect(first.reads).toEqual(first.rendered ? [] : ['/api/microfrontends']);

  const stamp = `e2e-count-${Date.now()}`;
  await registerWhileWatching(page, request, stamp, [`${stamp}-a`]);
  const one = await loadRegistry(page, stamp);
  expect(one.cards).toBe(1);
  await registerWhileWatching(page, request, stamp, [`${stamp}-b`, `${stamp}-c`]);
  const three = await loadRegistry(page, stamp);
  expect(three.cards).toBe(3);
  expect(three.reads).toEqual(one.reads);
  expect(three.reads).toEqual(['/api/microfrontends']);
});

/** Sums the layout shifts not caused by input, as Chromium reports them, from navigation on. */
function recordLayoutShifts(): void {
  const record = { cls: 0 };
  Object.assign(window, { __layoutShift: record });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const shift = entry.toJSON() as { value: number; hadRecentInput: boolean };
      if (!shift.hadRecentInput) record.cls += shift.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

test('/microfrontends keeps its layout while the cards load (cumulative layout shift under 0.05)', async ({
  page,
  request,
}) => {
  await fillFirstPage(page, request);
  await page.addInitScript(recordLayoutShifts);
  await page.goto('/microfrontends');
  await expect(
    page.getByTestId('microfrontend-card').first().getByTestId('version-row').first(),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  const cls = await page.evaluate(
    () => (window as unknown as { __layoutShift: { cls: number } }).__layoutShift.cls,
  );
  console.info(`/microfrontends cumulative layout shift: ${cls.toFixed(3)}`);
  expect(cls).toBeLessThan(0.05);
});

test('the placeholder cards are as tall as the cards that replace them', async ({ page, request }) => {
  await fillFirstPage(page, request);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // The list's answer waits until the placeholders were measured.
  await page.route(
    (url) => url.pathname === '/api/microfrontends',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.goto('/microfrontends');
  const placeholder = page.getByTestId('microfrontend-card-skeleton').first();
  await expect(placeholder).toBeVisible();
  const reserved = (await placeholder.boundingBox())?.height ?? 0;
  release();
  const cards = page.getByTestId('microfrontend-card');
  await expect(cards.first().getByTestId('version-row').first()).toBeVisible();
  const heights = await cards.evaluateAll((elements) =>
    elements.map((element) => Math.round(element.getBoundingClientRect().height)),
  );
  const twoVersions = await page
    .getByRole('region', { name: 'zz-e2e-fill-00' })
    .evaluate((element) => element.getBoundingClientRect().height);
  console.info(`placeholder ${reserved}px; two-version card ${twoVersions}px; cards ${heights.join(',')}`);
  expect(Math.abs(reserved - twoVersions)).toBeLessThanOrEqual(4);
});
