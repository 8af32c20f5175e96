import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { LIVE_EVENTS_PATH } from '../../src/contract/events';
import { setPassword } from '../auth/auth-helpers';
import { expect, signIn, waitForInteractiveLoads } from '../fixtures';

/** Priya Raman: the demo data's second administrator, admin B beside the e2e administrator (A). */
export const ADMIN_B = { id: 'user-002', email: 'priya.raman@example.com', password: 'e2e-priya-password-1' };

/** A browser of admin B's own (its own session and tab), signed in; `admin` gives B a password first. */
export async function adminBPage(browser: Browser, admin: APIRequestContext): Promise<Page> {
  await setPassword(admin, ADMIN_B.id, ADMIN_B.password);
  const context = await browser.newContext();
  await signIn(context.request, ADMIN_B);
  return waitForInteractiveLoads(await context.newPage());
}

/** Waits until the page's live stream is open, so that what happens next reaches it as an event. */
export async function waitForLive(page: Page): Promise<void> {
  await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-state', 'live');
}

/**
 * Keeps a page from hearing live events (the stream answers 204, which tells the browser not to retry),
 * for a test that needs the page to stay on what it read, as a tab with a dropped stream would.
 */
export async function withoutLiveUpdates(page: Page): Promise<void> {
  await page.route(`**${LIVE_EVENTS_PATH}`, (route) => route.fulfill({ status: 204 }));
}
