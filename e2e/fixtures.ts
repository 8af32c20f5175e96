import {
  test as base,
  expect,
  type APIRequestContext,
  type ConsoleMessage,
  type Page,
  type Response,
} from '@playwright/test';
import { INTERACTIVE_ATTRIBUTE, SERVER_STATE_ID } from '../src/contract/server-render';
import { E2E_ADMIN } from './credentials';

/**
 * Every spec imports `test` and `expect` from here (never from @playwright/test directly), so that
 * cross-cutting steps live in one place:
 * - `page` and `request` are signed in as the first administrator (specs about signing in use
 *   `anonymousPage`);
 * - browser console errors and uncaught page errors fail the test and are attached to its report;
 * - a page load (goto, reload, a redirect waited for) returns once the app answers input (below).
 */

/**
 * Makes `page`'s loads wait until the console has rendered or hydrated the page. A list screen's first view
 * may come rendered by the server (docs/architecture.md, "The first view from the server"): its buttons
 * show before the code that answers them has run, and a click then would be lost. A page without the
 * console's root (an identity provider's, a JSON answer) is not waited for. Specs that open pages of
 * their own pass them through here.
 */
export function waitForInteractiveLoads(page: Page): Page {
  const interactive = () =>
    page.waitForFunction(
      (attribute) => !document.getElementById('root') || document.documentElement.hasAttribute(attribute),
      INTERACTIVE_ATTRIBUTE,
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const waitForURL = page.waitForURL.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await interactive();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await interactive();
    return response;
  };
  page.waitForURL = async (...args) => {
    await waitForURL(...args);
    await interactive();
  };
  return page;
}

function isIgnoredConsoleError(message: ConsoleMessage): boolean {
  const url = message.location().url;
  if (!url || !message.text().startsWith('Failed to load resource')) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // Chromium logs every 4xx API answer, but a refusal (409, 403, 400...) is the app working as
  // designed: the page shows it in a toast. A 5xx still fails the test.
  return parsed.pathname.startsWith('/api/') && / status of 4\d\d /.test(message.text());
}

/** Signs a request context in; a page's context shares its cookies with the browser. */
export async function signIn(request: APIRequestContext, credentials = E2E_ADMIN): Promise<void> {
  const res = await request.post('/api/auth/login', { data: credentials });
  if (!res.ok())
    throw new Error(`Sign-in as ${credentials.email} failed: ${res.status()} ${await res.text()}`);
}

/**
 * Whether a page load's answer came with its first view rendered by the server (the page then carries the
 * answers of the screen's first reads, which the screen does not ask for again).
 */
export async function wasServerRendered(response: Pick<Response, 'text'> | null): Promise<boolean> {
  return ((await response?.text()) ?? '').includes(`id="${SERVER_STATE_ID}"`);
}

export const test = base.extend<{ anonymousPage: Page }>({
  request: async ({ request }, use) => {
    await signIn(request);
    await use(request);
  },
  anonymousPage: async ({ browser }, use) => {
    const context = await browser.newContext();
    await use(waitForInteractiveLoads(await context.newPage()));
    await context.close();
  },
  page: async ({ page }, use, testInfo) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error' || isIgnoredConsoleError(message)) return;
      const { url, lineNumber } = message.location();
      problems.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
    });
    page.on('pageerror', (error) => {
      problems.push(`pageerror: ${error.stack ?? error.message}`);
    });

    await signIn(page.request);
    await use(waitForInteractiveLoads(page));

    if (problems.length > 0) {
      await testInfo.attach('browser-errors', { body: problems.join('\n\n'), contentType: 'text/plain' });
      throw new Error(`The browser reported ${problems.length} error(s):\n${problems.join('\n')}`);
    }
  },
});

export { expect };
