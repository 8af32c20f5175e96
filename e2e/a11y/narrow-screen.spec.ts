import { expect, test } from '../fixtures';
import { appRoutes, openAppRoute } from './routes';

/** No page scrolls sideways on a 375 px phone: wide content scrolls inside its own box, or wraps. */
test.describe('at 375 x 812', () => {
  test.use({ viewport: { width: 375, height: 812 } });
  test.describe.configure({ timeout: 120_000 });

  test('no route is wider than the screen', async ({ page }) => {
    const tooWide: string[] = [];
    for (const route of appRoutes) {
      await test.step(`${route.name} (${route.path})`, async () => {
        const path = await openAppRoute(page, route);
        const { scrollWidth, innerWidth, culprits } = await page.evaluate(() => {
          const width = window.innerWidth;
          // The outermost elements that reach past the right edge, to say what to fix.
          const past = [...document.querySelectorAll<HTMLElement>('main *')].filter(
            (node) => node.getBoundingClientRect().right > width + 1,
          );
          const outermost = past.filter(
            (node) => !past.some((other) => other !== node && other.contains(node)),
          );
          return {
            scrollWidth: document.documentElement.scrollWidth,
            innerWidth: width,
            culprits: outermost
              .slice(0, 3)
              .map((node) => `${node.tagName.toLowerCase()}.${node.className.toString().slice(0, 60)}`),
          };
        });
        if (scrollWidth > innerWidth)
          tooWide.push(`${path}: ${scrollWidth} px > ${innerWidth} px (${culprits.join('; ')})`);
      });
    }
    expect(tooWide).toEqual([]);
  });

  test('the sign-in page is no wider than the screen', async ({ anonymousPage }) => {
    await anonymousPage.setViewportSize({ width: 375, height: 812 });
    await anonymousPage.goto('/login');
    await expect(anonymousPage.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(
      await anonymousPage.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  });
});
