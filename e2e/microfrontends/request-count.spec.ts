import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { SHELL_READS } from '../shell-reads';

/** Opens /microfrontends (with a search), waits for its cards; answers the page's own GET /api reads. */
async function loadRegistry(
  page: Page,
  q?: string,
): Promise<{ reads: string[]; all: number; cards: number }> {
  const reads: string[] = [];
  let all = 0;
  const onRequest = (request: { method(): string; url(): string }) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    all += 1;
    if (request.method() === 'GET' && !SHELL_READS.has(url.pathname)) reads.push(url.pathname);
  };
  page.on('request', onRequest);
  await page.goto(q ? `/microfrontends?q=${encodeURIComponent(q)}` : '/microfrontends');
  const cards = page.getByTestId('microfrontend-card');
  await expect(cards.first().getByTestId('version-row').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.off('request', onRequest);
  return { reads, all, cards: await cards.count() };
}

/** Registers a microfrontend with two versions through the API (skipped when its slug exists). */
async function registerWithVersions(request: APIRequestContext, slug: string): Promise<void> {
  const created = await request.post('/api/microfrontends', { data: { slug, name: slug } });
  if (created.status() === 409) return;
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const version of ['1.0.0', '1.1.0']) {
    const res = await request.post('/api/microfrontend-versions', { data: { microfrontendId: id, version } });
    expect(res.status()).toBe(201);
  }
}

/** A full first page (25 cards, as on a large registry): names after the demo data's, so it keeps page 1. */
async function fillFirstPage(request: APIRequestContext): Promise<void> {
  for (let i = 0; i < 25; i++)
    await registerWithVersions(request, `zz-e2e-fill-${String(i).padStart(2, '0')}`);
}

test('/microfrontends reads its page of cards, versions included, in one request however many cards', async ({
  page,
  request,
}) => {
  await fillFirstPage(request);
  const first = await loadRegistry(page);
  console.info(
    `/microfrontends first visit: ${first.all} API requests, ${first.reads.length} of them the page's own, ${first.cards} cards`,
  );
  expect(first.cards).toBe(25);
  expect(first.reads).toEqual(['/api/microfrontends']);

  const stamp = `e2e-count-${Date.now()}`;
  await registerWithVersions(request, `${stamp}-a`);
  const one = await loadRegistry(page, stamp);
  expect(one.cards).toBe(1);
  await registerWithVersions(request, `${stamp}-b`);
  await registerWithVersions(request, `${stamp}-c`);
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
  await fillFirstPage(request);
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
