import type { Locator, Page } from '@playwright/test';
import { productionCapabilityAtVersion1 } from '../changes/helpers';
import { CONTROL_PLANE, toast } from '../control-plane/helpers';
import { expect, test } from '../fixtures';
import { dialogNamed, expectFocusIn, focused, tabAndEdit, tabAndPress, tabAndType } from './helpers';

/** A global administrator applies a production change at once: Bypass approval, a reason, Apply now. */
async function bypassByKeyboard(page: Page, dialog: Locator, reason: string): Promise<void> {
  const bypass = dialog.getByRole('checkbox', { name: 'Bypass approval' });
  await tabAndPress(page, bypass, 'Space');
  await expect(bypass).toBeChecked();
  await tabAndType(page, dialog.getByLabel('Reason'), reason);
  await tabAndPress(page, dialog.getByRole('button', { name: 'Apply now (bypass)' }));
}

/** Configure a capability version and activate another with the keyboard alone (docs/accessibility.md). */
test('keyboard only: configures a capability version and activates it', async ({ page, request }) => {
  test.slow();
  const name = `KB Capability ${test.info().testId}-${test.info().repeatEachIndex}`;
  await productionCapabilityAtVersion1(request, name);
  await page.goto(`${CONTROL_PLANE}?env=production&region=us-east-1`);
  const card = page.getByRole('article', { name });
  await expect(card.getByText('Version 1')).toBeVisible();

  // Configure version 2.
  const update = card.getByRole('button', { name: 'Update Configuration' });
  await tabAndPress(page, update, 'Enter', 300);
  const dialog = dialogNamed(page, 'Configure Capability');
  await expectFocusIn(dialog);
  await tabAndEdit(page, dialog.getByLabel('Configuration (JSON)'), '{"level": 2}');
  await bypassByKeyboard(page, dialog, 'Keyboard: version 2');
  await expect(toast(page)).toContainText('Change applied');
  await expect(dialog).toBeHidden();
  await expect(update).toBeFocused();
  await expect(card.getByText('Version 2')).toBeVisible();

  // Activate version 1 again from the history.
  const historyButton = card.getByRole('button', { name: 'History' });
  await tabAndPress(page, historyButton);
  const history = dialogNamed(page, 'Configuration Version History');
  await expectFocusIn(history);
  const older = history.getByTestId('history-version').nth(1);
  await expect(older).toContainText('Version 1');
  await tabAndPress(page, older.getByRole('button', { name: 'Activate' }));
  const activate = dialogNamed(page, 'Request: activate version 1');
  await expectFocusIn(activate);
  await bypassByKeyboard(page, activate, 'Keyboard: back to 1');
  await expect(toast(page)).toContainText('Change applied');
  await expect(history).toBeHidden();
  await expect(card.getByTestId('active-configuration-text')).toHaveText('{\n  "level": 1\n}');
  // Back on the card: History opened the dialogs, or the main content if the card re-rendered it away.
  await expect
    .poll(() => focused(page).evaluate((el) => (el.id === 'main-content' ? 'main' : el.textContent)))
    .toMatch(/^(main|History)$/);
});
