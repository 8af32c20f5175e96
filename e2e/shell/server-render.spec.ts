import type { APIRequestContext } from '@playwright/test';
import { FIRST_VISIT_ROUTES, SESSION_CHECK_REQUEST } from '../../src/contract/first-visit';
import { VIEW_COOKIE } from '../../src/contract/view-cookie';
import { expect, signIn, test, waitForInteractiveLoads, wasServerRendered } from '../fixtures';
import { withoutLiveUpdates } from '../live/helpers';
import { pageHeading } from './sidebar-helpers';

/** A row's text as a list shows it: its name, title, e-mail or actor (as scripts/bench-first-visit.mjs). */
function firstRowText(body: unknown): string | undefined {
  const row: unknown = Array.isArray(body) ? body[0] : undefined;
  if (!row || typeof row !== 'object') return undefined;
  const fields = row as Record<string, unknown>;
  const text = [fields.name, fields.title, fields.email, fields.actorEmail].find(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  return text;
}

/** As React writes text into markup. */
const escaped = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

async function firstRows(request: APIRequestContext, requests: readonly string[]): Promise<string[]> {
  const texts: string[] = [];
  for (const path of requests) {
    const text = firstRowText(await (await request.get(path)).json());
    if (text) texts.push(text);
  }
  return texts;
}

/**
 * The first view from the server (docs/architecture.md): once the browser has told the server how it shows
 * the console (its view cookie, written by the client on every start), a list screen arrives rendered with
 * its rows, hydrates without a mismatch (the fixture fails the test on any console error), and asks the API
 * nothing the page already carried.
 */
test.describe('the first view from the server', () => {
  test('every list screen arrives with its rows, and reads neither them nor the session again', async ({
    page,
    request,
  }) => {
    test.slow(); // nine page loads
    await withoutLiveUpdates(page);
    // Any page of the client writes the view cookie; Settings is not rendered by the server.
    await page.goto('/settings');
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain(VIEW_COOKIE);
    for (const [route, { requests }] of Object.entries(FIRST_VISIT_ROUTES)) {
      const reads: string[] = [];
      const onRequest = (sent: { url: () => string; method: () => string }) => {
        const url = new URL(sent.url());
        if (sent.method() === 'GET' && url.pathname.startsWith('/api/'))
          reads.push(url.pathname + url.search);
      };
      page.on('request', onRequest);
      const response = await page.goto(route);
      const html = (await response?.text()) ?? '';
      expect(await wasServerRendered(response), `${route}: rendered by the server`).toBe(true);
      for (const text of await firstRows(request, requests))
        expect(html, `${route}: its first row in the page`).toContain(escaped(text));
      await page.waitForLoadState('networkidle');
      page.off('request', onRequest);
      for (const path of [SESSION_CHECK_REQUEST, ...requests])
        expect(reads, `${route}: ${path} not asked again`).not.toContain(path);
    }
  });

  test('a rendered screen answers at once: its links, its menus and its list', async ({ page }) => {
    await page.goto('/settings');
    expect(await wasServerRendered(await page.goto('/tenants'))).toBe(true);
    await page.getByRole('button', { name: 'Create Tenant' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Tenant' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'User Management' }).click();
    await expect(pageHeading(page)).toHaveText('User Management');
  });

  test('a browser in another locale and time zone gets its dates as it writes them; a forged view cookie, the page as built', async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({ locale: 'de-DE', timezoneId: 'Pacific/Chatham' });
    await signIn(context.request);
    const page = waitForInteractiveLoads(await context.newPage());
    const problems: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/settings');
    const response = await page.goto('/audit-log');
    const html = (await response?.text()) ?? '';
    expect(await wasServerRendered(response)).toBe(true);
    // The first event's time, as this browser writes it, is in the page the server sent.
    const [first] = (await (await request.get(FIRST_VISIT_ROUTES['/audit-log'].requests[0])).json()) as {
      createdAt: string;
    }[];
    const written = await page.evaluate((iso) => new Date(iso).toLocaleString(), first?.createdAt ?? '');
    expect(written).toMatch(/\d{1,2}\.\d{1,2}\.\d{4}/);
    expect(html).toContain(escaped(written));
    await expect(pageHeading(page)).toHaveText('Audit Log');
    // Hydrated without a mismatch: React reports one as an error.
    expect(problems).toEqual([]);

    await context.addCookies([{ name: VIEW_COOKIE, value: 'dark|%3Cscript%3E|UTC', url: page.url() }]);
    const forged = await page.request.get('/tenants');
    expect(forged.status()).toBe(200);
    expect(await wasServerRendered(forged)).toBe(false);
    await context.close();
  });
});
