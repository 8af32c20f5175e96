import { expect, test } from '../fixtures';
import { appRoutes, openAppRoute } from './routes';
import { sidewaysScroll } from './wcag';

/**
 * 1.4.10 Reflow: no route scrolls sideways at 320 CSS px, nor at 1280 x 720 zoomed to 200% (a 640 x 360
 * viewport at device scale 2). Data tables may scroll inside their own box; the page may not.
 */
const sizes = [
  { name: '320 px wide', viewport: { width: 320, height: 640 }, deviceScaleFactor: 1 },
  { name: '1280 px at 200% zoom', viewport: { width: 640, height: 360 }, deviceScaleFactor: 2 },
];

for (const size of sizes) {
  test.describe(`1.4.10 at ${size.name}`, () => {
    test.use({ viewport: size.viewport, deviceScaleFactor: size.deviceScaleFactor });
    test.describe.configure({ timeout: 180_000 });

    test('no route scrolls sideways', async ({ page }) => {
      const tooWide: string[] = [];
      for (const route of appRoutes) {
        await test.step(`${route.name} (${route.path})`, async () => {
          const path = await openAppRoute(page, route);
          const problem = await sidewaysScroll(page);
          if (problem) tooWide.push(`${path}: ${problem}`);
        });
      }
      expect(tooWide).toEqual([]);
    });

    test('the sign-in page does not scroll sideways', async ({ anonymousPage }) => {
      await anonymousPage.setViewportSize(size.viewport);
      await anonymousPage.goto('/login');
      await expect(anonymousPage.getByRole('button', { name: 'Sign in' })).toBeVisible();
      expect(await sidewaysScroll(anonymousPage)).toBeNull();
    });
  });
}
