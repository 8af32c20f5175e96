import AxeBuilder from '@axe-core/playwright';
import { appendFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { appDialogs, openDialog, toastList } from './dialogs';
import { appRoutes, openAppRoute, openRoute, useTheme } from './routes';

/**
 * axe-core on every route and every main dialog, in both themes (docs/accessibility.md): no critical
 * and no serious violation. WCAG 2.x A and AA plus axe's best practices (landmarks, heading order), and
 * label-content-name-mismatch, which axe ships switched off as experimental.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

type Finding = { what: string; id: string; impact: string; nodes: string[] };

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

async function scan(page: Page, what: string, include?: string[]): Promise<Finding[]> {
  let builder = new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  for (const selector of include ?? []) builder = builder.include(selector);
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    what,
    id: violation.id,
    impact: violation.impact ?? 'unknown',
    nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  }));
}

/** A11Y_REPORT=<file> appends every finding as a JSON line (how docs/accessibility.md was measured). */
function record(theme: string, findings: Finding[]): void {
  const file = process.env.A11Y_REPORT;
  if (!file) return;
  for (const { nodes, ...finding } of findings)
    appendFileSync(file, `${JSON.stringify({ theme, ...finding, count: nodes.length, nodes })}\n`);
}

/** Fails on any finding of the given impacts (by default critical and serious). */
function expectNoSeriousViolations(findings: Finding[], impacts = ['critical', 'serious']): void {
  const blocking = findings.filter((finding) => impacts.includes(finding.impact));
  expect(
    blocking.map(
      (finding) => `${finding.what}: ${finding.impact} ${finding.id}\n  ${finding.nodes.join('\n  ')}`,
    ),
  ).toEqual([]);
}

/** Opens each dialog, scans it alone (the page behind is inert and scanned on its own), closes it. */
async function scanDialogs(page: Page, dialogs: readonly (typeof appDialogs)[number][]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const dialog of dialogs) {
    await test.step(dialog.name, async () => {
      await dialog.open(page);
      await expect(openDialog(page)).toBeVisible();
      await page.waitForLoadState('networkidle');
      await animationsDone(page, '[role="dialog"], [role="alertdialog"]');
      findings.push(
        ...(await scan(page, `dialog: ${dialog.name}`, ['[role="dialog"], [role="alertdialog"]'])),
      );
      await page.keyboard.press('Escape');
      await expect(openDialog(page)).toBeHidden();
    });
  }
  return findings;
}

for (const theme of ['dark', 'light'] as const) {
  test.describe(`axe, ${theme} theme`, () => {
    // One page walks many screens; each step is short, the walk is long.
    test.describe.configure({ timeout: 240_000 });

    test.beforeEach(async ({ page }) => {
      await useTheme(page, theme);
    });

    test('every route', async ({ page }) => {
      const findings: Finding[] = [];
      for (const route of appRoutes) {
        await test.step(`${route.name} (${route.path})`, async () => {
          const path = await openAppRoute(page, route);
          expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
            theme === 'dark',
          );
          findings.push(...(await scan(page, path)));
        });
      }
      record(theme, findings);
      expectNoSeriousViolations(findings);
    });

    // The deployments page is held to moderate findings too (landmark names, heading order).
    test('the deployments page, moderate findings included', async ({ page }) => {
      const findings: Finding[] = [];
      for (const route of appRoutes.filter((r) => r.path.startsWith('/deployments'))) {
        await test.step(`${route.name} (${route.path})`, async () => {
          const path = await openAppRoute(page, route);
          await expect(page.getByRole('region', { name: 'Blue Slot', exact: true })).toBeVisible();
          findings.push(...(await scan(page, path)));
        });
      }
      record(theme, findings);
      expectNoSeriousViolations(findings, ['critical', 'serious', 'moderate']);
    });

    test('the sign-in page', async ({ anonymousPage }) => {
      await useTheme(anonymousPage, theme);
      await anonymousPage.goto('/login');
      await expect(anonymousPage.getByRole('button', { name: 'Sign in' })).toBeVisible();
      const findings = await scan(anonymousPage, '/login');
      record(theme, findings);
      expectNoSeriousViolations(findings);
    });

    // The dialogs in two halves: each test stays well inside its timeout as the list grows.
    const half = Math.ceil(appDialogs.length / 2);
    const dialogHalves = [appDialogs.slice(0, half), appDialogs.slice(half)] as const;

    test('the main dialogs, first half', async ({ page }) => {
      const findings = await scanDialogs(page, dialogHalves[0]);
      record(theme, findings);
      expectNoSeriousViolations(findings);
    });

    test('the main dialogs, second half, and a form with its error toast', async ({ page }) => {
      const findings = await scanDialogs(page, dialogHalves[1]);
      await test.step('Create Web App Mesh after a failed submit', async () => {
        await openRoute(page, '/apps/create-mesh');
        await page.getByRole('button', { name: 'Create Mesh' }).click();
        await expect(toastList(page).getByText('No menu items', { exact: true })).toBeVisible();
        await animationsDone(page, 'ol li');
        findings.push(...(await scan(page, 'create mesh with its error toast')));
      });
      record(theme, findings);
      expectNoSeriousViolations(findings);
    });
  });
}
