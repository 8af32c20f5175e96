import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures';
import { CONTROL_PLANE, patchTenant, registerCapability, toast } from './helpers';
import { expectEditorText, fillEditor } from '../code-editor';

/**
 * Production changes need an approval (docs/requesting-changes.md): the administrator applies them at
 * once with a bypass, which the dialog offers to global administrators.
 */
async function applyWithBypass(dialog: Locator, reason: string): Promise<void> {
  await dialog.getByRole('checkbox', { name: 'Bypass approval' }).click();
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Apply now (bypass)' }).click();
}

test.describe('control plane: capability configuration versions', () => {
  test('configure, update, open history, activate an older version and see the card follow', async ({
    page,
    request,
  }) => {
    // A context the tenant's data governance accepts: production / us-east-1, no override.
    await patchTenant(request, {
      allowedRegions: ['us-east-1', 'us-west-2', 'eu-west-1'],
      environmentRegionPolicies: null,
      // Setting up a known state, which may well lift an override an earlier test left.
      confirmWidening: true,
    });
    const name = `E2E Versions ${Date.now()}`;
    await registerCapability(request, name);

    await page.goto(CONTROL_PLANE);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Acme Financial Services');
    await page.getByLabel('Environment').click();
    await page.getByRole('option', { name: 'Production' }).click();
    await page.getByLabel('AWS Region').click();
    await page.getByRole('option', { name: 'us-east-1' }).click();

    const card = page.getByRole('article', { name });
    await card.getByRole('button', { name: 'Configure' }).click();
    let dialog = page.getByRole('dialog', { name: 'Configure Capability' });
    await expectEditorText(dialog.getByLabel('Configuration (JSON)'), '{}');
    await fillEditor(dialog.getByLabel('Configuration (JSON)'), '{"level": 1}');
    await dialog.getByLabel('Notes').fill('First');
    await expect(dialog.getByRole('button', { name: 'Request change' })).toBeVisible();
    await applyWithBypass(dialog, 'E2E: first version');
    await expect(toast(page)).toContainText('Change applied');
    await expect(dialog).toBeHidden();
    await expect(card.getByText('Version 1')).toBeVisible();
    await expect(card.getByTestId('configured-tick')).toBeVisible();
    await expect(card.getByTestId('active-configuration-text')).toHaveText('{\n  "level": 1\n}');

    await card.getByRole('button', { name: 'Update Configuration' }).click();
    dialog = page.getByRole('dialog', { name: 'Configure Capability' });
    await expectEditorText(dialog.getByLabel('Configuration (JSON)'), '{\n  "level": 1\n}');
    await fillEditor(dialog.getByLabel('Configuration (JSON)'), '{"level": 2}');
    await applyWithBypass(dialog, 'E2E: second version');
    await expect(card.getByText('Version 2')).toBeVisible();
    await expect(card.getByTestId('active-configuration-text')).toHaveText('{\n  "level": 2\n}');

    await card.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'Configuration Version History' });
    const items = history.getByTestId('history-version');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Version 2');
    await expect(items.nth(0)).toContainText('Active');
    await expect(items.nth(1)).toContainText('Version 1');
    await expect(items.nth(1)).toContainText('First');
    await items.nth(1).getByText('Difference from the active version 2').click();
    await expect(items.nth(1).locator('[data-diff=removed]')).toHaveText('-   "level": 2');
    await expect(items.nth(1).locator('[data-diff=added]')).toHaveText('+   "level": 1');
    await items.nth(1).getByRole('button', { name: 'Activate' }).click();
    await applyWithBypass(
      page.getByRole('dialog', { name: 'Request: activate version 1' }),
      'E2E: back to 1',
    );
    await expect(toast(page)).toContainText('Change applied');
    await expect(history).toBeHidden();
    await expect(card.getByText('Version 1')).toBeVisible();
    await expect(card.getByTestId('active-configuration-text')).toHaveText('{\n  "level": 1\n}');
  });
});
