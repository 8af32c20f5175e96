import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { TenantDocument } from '../../src/contract/config-doc';
import { CONTROL_PLANE, TENANT_ID, toast } from '../control-plane/helpers';
import { expect, test } from '../fixtures';

/** axe on the open dialog alone, with the tags of e2e/a11y: every violation, whatever its impact. */
async function dialogViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  return results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

test('Export downloads the tenant as a YAML document', async ({ page }) => {
  await page.goto(CONTROL_PLANE);
  await page.getByRole('button', { name: /^Export / }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'YAML' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.yaml$/);
  const text = await readFile(await download.path(), 'utf8');
  expect(text).toMatch(/^apiVersion: resource-manager\/v1$/m);
  expect(text).toMatch(/^kind: Tenant$/m);
  await expect(toast(page)).toContainText('Export downloaded');
});

test('a plan of an edited export shows exactly the edit, and files it as a release', async ({
  page,
  request,
}) => {
  // Two axe scans and a review page on a shared, loaded machine: more than one default test's time.
  test.setTimeout(60_000);
  const exported = await request.get(`/api/tenants/${TENANT_ID}/export`, {
    headers: { Accept: 'application/json' },
  });
  expect(exported.ok(), await exported.text()).toBe(true);
  const doc = (await exported.json()) as TenantDocument;
  // A production web app: tenant-001's policy asks one approval there, so the plan is filed, not applied.
  const app = doc.spec.webApps.find((candidate) => candidate.environment === 'production');
  if (!app) throw new Error('tenant-001 has no production web app in the demo data');
  const description = `Edited in the file ${Date.now()}`;
  app.description = description;

  await page.goto(CONTROL_PLANE);
  await page.getByRole('button', { name: 'Plan from a file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Plan from a file' });
  await dialog.getByLabel('Document', { exact: true }).fill(JSON.stringify(doc, null, 2));
  expect(await dialogViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Plan' }).click();

  const changes = dialog.getByTestId('plan-change');
  await expect(changes).toHaveCount(1);
  await expect(changes.first()).toContainText(app.name);
  await expect(changes.first()).toContainText(description);
  await expect(dialog.getByText('1 change', { exact: true })).toBeVisible();
  expect(await dialogViolations(page)).toEqual([]);

  await dialog.getByRole('button', { name: 'File as release' }).click();
  await expect(toast(page)).toContainText('Release filed');
  await expect(dialog).toBeHidden();
  await toast(page).getByRole('button', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/changes\/[^/]+$/);
  await expect(page.getByText(description).first()).toBeVisible();
});

test('the Git section offers a link form that axe finds clean, and gives focus back on close', async ({
  page,
}) => {
  await page.goto(`${CONTROL_PLANE}?tab=configuration`);
  const section = page.getByTestId('git-section');
  const linkButton = section.getByRole('button', { name: 'Link to Git' });
  await linkButton.click();
  const dialog = page.getByRole('dialog', { name: 'Link to Git' });
  await expect(dialog.getByLabel('Repository URL')).toBeVisible();
  expect(await dialogViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(linkButton).toBeFocused();
});
