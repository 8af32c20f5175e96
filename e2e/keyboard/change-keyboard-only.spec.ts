import { setPassword } from '../auth/auth-helpers';
import { DEVELOPER, productionCapabilityAtVersion1 } from '../changes/helpers';
import { CONTROL_PLANE, toast } from '../control-plane/helpers';
import { expect, signIn, test, waitForInteractiveLoads } from '../fixtures';
import { dialogNamed, expectFocusIn, focused, tabAndEdit, tabAndPress } from './helpers';

/**
 * File, approve and apply a change request with the keyboard alone (docs/accessibility.md): a developer
 * asks for a production configuration, an administrator approves it and it applies.
 */
test('keyboard only: files, approves and applies a change request', async ({ page, request, browser }) => {
  test.slow();
  const name = `KB Change ${test.info().testId}-${test.info().repeatEachIndex}`;
  await productionCapabilityAtVersion1(request, name);
  await setPassword(request, DEVELOPER.id, DEVELOPER.password);
  const developerContext = await browser.newContext();
  const dev = waitForInteractiveLoads(await developerContext.newPage());
  await signIn(dev.request, DEVELOPER);

  // File: the developer's configuration becomes a request.
  await dev.goto(`${CONTROL_PLANE}?env=production&region=us-east-1`);
  const card = dev.getByRole('article', { name });
  const update = card.getByRole('button', { name: 'Update Configuration' });
  await tabAndPress(dev, update, 'Enter', 300);
  const dialog = dialogNamed(dev, 'Configure Capability');
  await expectFocusIn(dialog);
  await tabAndEdit(dev, dialog.getByLabel('Configuration (JSON)'), '{"level": 2}');
  await tabAndPress(dev, dialog.getByRole('button', { name: 'Request change' }));
  await expect(toast(dev)).toContainText(/Change request #\d+ created/);
  await expect(dialog).toBeHidden();
  await expect(update).toBeFocused();
  const number = /#(\d+)/.exec((await toast(dev).textContent()) ?? '')?.[1];
  expect(number).toBeDefined();
  await developerContext.close();

  // Approve: the administrator opens it from Changes and approves; it applies.
  await page.goto('/changes');
  await tabAndPress(page, page.getByRole('link', { name: `Change request #${number}` }), 'Enter', 200);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`#${number}`);
  const approve = page.getByRole('button', { name: 'Approve' });
  await tabAndPress(page, approve, 'Enter', 200);
  const confirm = dialogNamed(page, `Approve #${number}?`);
  await expectFocusIn(confirm, confirm.getByLabel('Comment (optional)'));
  await page.keyboard.type('Approved from the keyboard');
  await tabAndPress(page, confirm.getByRole('button', { name: 'Approve' }));
  await expect(toast(page)).toContainText('Change applied');
  await expect(page.getByTestId('change-summary').getByTestId('change-status')).toHaveText('Applied');
  await expect(confirm).toBeHidden();
  // Approve is gone with the pending state, so focus goes where the dialogs send it then: the main content.
  await expect(focused(page)).toHaveAttribute('id', 'main-content');
});
