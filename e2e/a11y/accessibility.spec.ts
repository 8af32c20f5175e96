import AxeBuilder from '@axe-core/playwright';
import { appendFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { appDialogs, openDialog, toastList } from './dialogs';
import { appRoutes, openAppRoute, openRoute, useTheme, type AppRoute } from './routes';
import { smallTargets } from './wcag';

/**
 * axe-core on every route and every main dialog, in both themes (docs/accessibility.md): no critical
 * and no serious violation. WCAG 2.x A and AA plus axe's best practices (landmarks, heading order), and
 * label-content-name-mismatch, which axe ships switched off as experimental.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * The rules a theme can change: the themes differ only in colour tokens (src/web/styles), so each screen
 * gets every rule in the dark theme, then these again in the light theme, on the same page.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

type Theme = 'dark' | 'light';
type Finding = { theme: Theme; what: string; id: string; impact: string; nodes: string[] };

/** Waits for every running animation under `selector`: axe measures colours as painted. */
async function animationsDone(page: Page, selector: string): Promise<void> {
  await page
    .locator(selector)
    .evaluateAll((nodes) =>
      Promise.all(
        nodes.flatMap((node) => node.getAnimations({ subtree: true }).map((animation) => animation.finished)),
      ),
    );
}

/** Paints the page in a theme the way the app applies it (src/web/app/theme.ts), then lets transitions end. */
async function paintTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate((dark) => {
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, theme === 'dark');
  // The colour transitions the switch starts (skeletons and spinners pulse for ever: not those).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

async function scan(
  page: Page,
  what: string,
  theme: Theme,
  { include, rules }: { include?: string; rules?: string[] } = {},
): Promise<Finding[]> {
  let builder = new AxeBuilder({ page });
  builder = rules
    ? builder.withRules(rules)
    : builder.withTags(TAGS).options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    theme,
    what,
    id: violation.id,
    impact: violation.impact ?? 'unknown',
    nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  }));
}

/** The screen as it stands, dark with every rule, then light with the colour rules; it ends dark again. */
async function scanBothThemes(page: Page, what: string, include?: string): Promise<Finding[]> {
  const dark = await scan(page, what, 'dark', { include });
  await paintTheme(page, 'light');
  const light = await scan(page, what, 'light', { include, rules: COLOUR_RULES });
  await paintTheme(page, 'dark');
  return [...dark, ...light];
}

/** A11Y_REPORT=<file> appends every finding as a JSON line (how docs/accessibility.md was measured). */
function record(findings: Finding[]): void {
  const file = process.env.A11Y_REPORT;
  if (!file) return;
  for (const { nodes, ...finding } of findings)
    appendFileSync(file, `${JSON.stringify({ ...finding, count: nodes.length, nodes })}\n`);
}

/** Records the findings, then fails on any of the given impacts (by default critical and serious). */
function expectNoSeriousViolations(findings: Finding[], impacts = ['critical', 'serious']): void {
  record(findings);
  const blocking = findings.filter((finding) => impacts.includes(finding.impact));
  expect(
    blocking.map(
      (finding) =>
        `${finding.what} (${finding.theme}): ${finding.impact} ${finding.id}\n  ${finding.nodes.join('\n  ')}`,
    ),
  ).toEqual([]);
}

/** Opens each route in turn and scans it in both themes. */
async function scanRoutes(page: Page, routes: readonly AppRoute[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const route of routes) {
    await test.step(`${route.name} (${route.path})`, async () => {
      const path = await openAppRoute(page, route);
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      findings.push(...(await scanBothThemes(page, path)));
    });
  }
  return findings;
}

/**
 * Opens each dialog, scans it alone in both themes (the page behind is inert and scanned on its own), closes
 * it. The same open dialog is also measured for WCAG 2.2's 2.5.8 target size (e2e/a11y/wcag.ts), which axe
 * does not check: one walk over the dialogs instead of two.
 */
async function scanDialogs(
  page: Page,
  dialogs: readonly (typeof appDialogs)[number][],
): Promise<{ findings: Finding[]; smallTargets: string[] }> {
  const findings: Finding[] = [];
  const small: string[] = [];
  const selector = '[role="dialog"], [role="alertdialog"]';
  for (const dialog of dialogs) {
    await test.step(dialog.name, async () => {
      await dialog.open(page);
      await expect(openDialog(page)).toBeVisible();
      await page.waitForLoadState('networkidle');
      await animationsDone(page, selector);
      findings.push(...(await scanBothThemes(page, `dialog: ${dialog.name}`, selector)));
      small.push(...(await smallTargets(page, selector)).map((what) => `${dialog.name}: ${what}`));
      await page.keyboard.press('Escape');
      await expect(openDialog(page)).toBeHidden();
    });
  }
  return { findings, smallTargets: small };
}

/** Halves of a list: each test of a walk stays well inside its timeout as the list grows. */
function halves<T>(list: readonly T[]): readonly [readonly T[], readonly T[]] {
  const half = Math.ceil(list.length / 2);
  return [list.slice(0, half), list.slice(half)];
}

test.describe('axe, dark and light themes', () => {
  // One page walks many screens; each step is short, the walk is long.
  test.describe.configure({ timeout: 240_000 });

  test.beforeEach(async ({ page }) => {
    await useTheme(page, 'dark');
  });

  const routeHalves = halves(appRoutes);
  test('every route, first half', async ({ page }) => {
    expectNoSeriousViolations(await scanRoutes(page, routeHalves[0]));
  });

  test('every route, second half', async ({ page }) => {
    expectNoSeriousViolations(await scanRoutes(page, routeHalves[1]));
  });

  // The deployments page is held to moderate findings too (landmark names, heading order).
  test('the deployments page, moderate findings included', async ({ page }) => {
    const findings: Finding[] = [];
    for (const route of appRoutes.filter((r) => r.path.startsWith('/deployments'))) {
      await test.step(`${route.name} (${route.path})`, async () => {
        const path = await openAppRoute(page, route);
        await expect(page.getByRole('region', { name: 'Blue Slot', exact: true })).toBeVisible();
        findings.push(...(await scanBothThemes(page, path)));
      });
    }
    expectNoSeriousViolations(findings, ['critical', 'serious', 'moderate']);
  });

  test('the sign-in page', async ({ anonymousPage }) => {
    await anonymousPage.goto('/login');
    await expect(anonymousPage.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expectNoSeriousViolations(await scanBothThemes(anonymousPage, '/login'));
  });

  // Each dialog test also holds the dialogs to 2.5.8 Target Size (docs/accessibility.md, WCAG 2.2 checks).
  const dialogHalves = halves(appDialogs);
  test('the main dialogs, first half; 2.5.8 target sizes in them', async ({ page }) => {
    const { findings, smallTargets: small } = await scanDialogs(page, dialogHalves[0]);
    expect(small).toEqual([]);
    expectNoSeriousViolations(findings);
  });

  test('the main dialogs, second half, and a form with its error toast; 2.5.8 target sizes in them', async ({
    page,
  }) => {
    const { findings, smallTargets: small } = await scanDialogs(page, dialogHalves[1]);
    expect(small).toEqual([]);
    await test.step('Create Web App Mesh after a failed submit', async () => {
      await openRoute(page, '/apps/create-mesh');
      await page.getByRole('button', { name: 'Create Mesh' }).click();
      const toast = toastList(page).getByText('No menu items', { exact: true });
      await expect(toast).toBeVisible();
      // A pointer over the toast holds its 5 s timer: it stays on screen through both scans.
      await toast.hover();
      await animationsDone(page, 'ol li');
      findings.push(...(await scanBothThemes(page, 'create mesh with its error toast')));
    });
    expectNoSeriousViolations(findings);
  });
});
