import type { APIRequestContext } from '@playwright/test';
import { FIRST_VISIT_ROUTES, SESSION_CHECK_REQUEST } from '../../src/contract/first-visit';
import { SERVER_STATE_ID } from '../../src/contract/server-render';
import { VIEW_COOKIE } from '../../src/contract/view-cookie';
import { expect, signIn, test, waitForInteractiveLoads } from '../fixtures';
import { withoutLiveUpdates } from '../live/helpers';
import { pageHeading } from './sidebar-helpers';

/** Whether the page was sent with its first view rendered (src/contract/server-render.ts). */
const rendered = (html: string) => html.includes(`<script type="application/json" id="${SERVER_STATE_ID}">`);

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
      expect(rendered(html), `${route}: rendered by the server`).toBe(true);
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
    const response = await page.goto('/tenants');
    expect(rendered((await response?.text()) ?? '')).toBe(true);
    await page.getByRole('button', { name: 'Create Tenant' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Tenant' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'User Management' }).click();
    await expect(pageHeading(page)).toHaveText('User Management');
  });

  test('a browser in another time zone, or with a forged view cookie, renders the page itself', async ({
    browser,
  }) => {
    const context = await browser.newContext({ timezoneId: 'Pacific/Chatham' });
    await signIn(context.request);
    const page = waitForInteractiveLoads(await context.newPage());
    await page.goto('/settings');
    const elsewhere = await page.goto('/tenants');
    expect(rendered((await elsewhere?.text()) ?? '')).toBe(false);
    await expect(pageHeading(page)).toHaveText('Tenant Management');
    await expect(page.getByRole('article').first()).toBeVisible();

    await context.addCookies([{ name: VIEW_COOKIE, value: 'dark|%3Cscript%3E|UTC', url: page.url() }]);
    const forged = await page.request.get('/tenants');
    expect(forged.status()).toBe(200);
    expect(rendered(await forged.text())).toBe(false);
    await context.close();
  });
});
