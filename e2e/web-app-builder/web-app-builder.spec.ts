import type { Page } from '@playwright/test';
import { patterns, type ArchitecturePattern } from '../../src/web/web-app-builder/patterns';
import { expect, test } from '../fixtures';

/** docs/product.md, Screens and routes (Web App Builder): the four patterns, in order. The texts come from the page's static content. */
const names = ['Module Federation', 'Web Components', 'Iframe Composition', 'Build-time Integration'];

const tablist = (page: Page) => page.getByRole('tablist', { name: 'Architecture patterns' });
const tab = (page: Page, name: string) => tablist(page).getByRole('tab', { name, exact: true });

async function expectSelected(page: Page, pattern: ArchitecturePattern) {
  await expect(tab(page, pattern.name)).toHaveAttribute('aria-selected', 'true');
  await expect(tablist(page).getByRole('tab', { selected: true })).toHaveCount(1);

  const panel = page.getByRole('tabpanel', { name: pattern.name });
  await expect(panel).toBeVisible();
  await expect(page.getByRole('tabpanel')).toHaveCount(1);
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(pattern.name);
  await expect(panel.getByText(pattern.summary)).toBeVisible();

  for (const [title, points] of [
    ['Advantages', pattern.advantages],
    ['Considerations', pattern.considerations],
  ] as const) {
    await expect(panel.getByRole('heading', { level: 3, name: title })).toBeVisible();
    // The list in the same card as the heading (a `has` locator is relative to the card).
    const card = panel
      .locator('[data-slot="card"]')
      .filter({ has: page.getByRole('heading', { level: 3, name: title }) });
    await expect(card.getByRole('listitem')).toHaveText([...points]);
  }
}

test.describe('web app builder', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/web-app-builder');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Web App Builder');
  });

  test('shows the four patterns, Module Federation first and selected', async ({ page }) => {
    expect(patterns.map((pattern) => pattern.name)).toEqual(names);
    await expect(tablist(page).getByRole('tab')).toHaveText(names);
    await expectSelected(page, patterns[0]!);
  });

  test('each pattern can be selected by clicking', async ({ page }) => {
    // Last to first so that every click changes the selection.
    for (const pattern of [...patterns].reverse()) {
      await test.step(pattern.name, async () => {
        await tab(page, pattern.name).click();
        await expectSelected(page, pattern);
      });
    }
  });

  test('each pattern can be selected with the keyboard', async ({ page }) => {
    await tab(page, names[0]!).focus();
    for (const pattern of patterns.slice(1)) {
      await page.keyboard.press('ArrowRight');
      await expect(tab(page, pattern.name)).toBeFocused();
      await expectSelected(page, pattern);
    }
    // Wraps around, and Home / End / ArrowLeft move as in WAI-ARIA tabs.
    await page.keyboard.press('ArrowRight');
    await expectSelected(page, patterns[0]!);
    await page.keyboard.press('ArrowLeft');
    await expect(tab(page, names[3]!)).toBeFocused();
    await expectSelected(page, patterns[3]!);
    await page.keyboard.press('Home');
    await expectSelected(page, patterns[0]!);
    await page.keyboard.press('End');
    await expectSelected(page, patterns[3]!);

    // Only the selected tab is in the Tab order: Tab moves on into the panel.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tabpanel', { name: names[3]! })).toBeFocused();
  });
});
