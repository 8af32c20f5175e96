import { expect, test } from '../fixtures';
import { toast } from '../capabilities/helpers';
import { dialogNamed, expectFocusIn, tabAndPress, tabAndType } from './helpers';

/** Edit and save a notification template with the keyboard alone (docs/accessibility.md). */
test('keyboard only: edits and saves a notification template', async ({ page }) => {
  // Up to 120 Tab stops across the configuration page, each checked: 38 s on a loaded CI machine.
  test.slow();
  const content = `Welcome aboard, {{firstName}} (${test.info().testId}-${test.info().repeatEachIndex})`;
  await page.goto('/capability/api-007/configuration');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Notification Service');
  const card = page.getByTestId('notification-templates-card');
  const edit = card.getByRole('button', { name: 'Edit Welcome Email' }).first();
  await tabAndPress(page, edit, 'Enter', 120);

  const dialog = dialogNamed(page, 'Edit Notification Template');
  await expectFocusIn(dialog, dialog.getByLabel('Name', { exact: true }));
  await tabAndType(page, dialog.getByLabel('Content', { exact: true }), content);
  await tabAndPress(page, dialog.getByRole('button', { name: 'Save Changes' }));
  await expect(toast(page, 'Template Updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
  await expect(card.getByTestId('template-item').filter({ hasText: content })).toHaveCount(1);
});
