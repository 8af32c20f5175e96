import { expect, test } from '../fixtures';
import { openRoute } from './routes';
import { focusObstruction, mainPages, smallTargets } from './wcag';

/** Tab stops walked each way on a page: enough to cross the header, the sidebar and the content. */
const STOPS = 40;

test.describe('WCAG 2.2 beyond axe: focus and targets (docs/accessibility.md)', () => {
  test.describe.configure({ timeout: 240_000 });

  // 2.4.11 Focus Not Obscured: forward Tab scrolls content up under the sticky header's bottom edge,
  // Shift+Tab brings it back from above, where a sticky header hides what the browser scrolls to.
  test('2.4.11: no focused element is hidden by the header, the sidebar or a toast', async ({ page }) => {
    const hidden: string[] = [];
    for (const path of mainPages) {
      await test.step(path, async () => {
        await openRoute(page, path);
        for (const key of ['Tab', 'Shift+Tab']) {
          for (let stop = 0; stop < STOPS; stop += 1) {
            await page.keyboard.press(key);
            const problem = await focusObstruction(page);
            if (problem) hidden.push(`${path} (${key} ${stop + 1}): ${problem}`);
          }
        }
      });
    }
    expect(hidden).toEqual([]);
  });

  // 2.5.8 Target Size (Minimum): 24 x 24 CSS px, or nothing else within the 24 px circle around it.
  test('2.5.8: pointer targets are 24 x 24 px or spaced, on the main pages', async ({ page }) => {
    const offenders: string[] = [];
    for (const path of mainPages) {
      await test.step(path, async () => {
        await openRoute(page, path);
        offenders.push(...(await smallTargets(page)).map((what) => `${path}: ${what}`));
      });
    }
    expect(offenders).toEqual([]);
  });

  // The dialogs are held to 2.5.8 in accessibility.spec.ts, on the same walk that scans them with axe.
});
