import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { toast } from '../tenants/helpers';
import {
  dialogNamed,
  expectFocusIn,
  tabAndChoose,
  tabAndPick,
  tabAndPress,
  tabAndType,
  tabTo,
} from './helpers';

const slotField = (page: Page, slot: 'blue' | 'green', field: string) =>
  page.getByTestId(`slot-card-${slot}`).getByTestId(`slot-${field}`);

/** Deploy to the idle slot and switch with the keyboard alone (docs/accessibility.md). */
test('keyboard only: deploys to the idle slot and switches', async ({ page }) => {
  const version = `9.${test.info().repeatEachIndex}${Date.now() % 100}.0`;
  await page.goto('/deployments');
  const tab = page.getByRole('tab', { name: 'Capabilities' });
  await tabTo(page, page.getByRole('tab', { selected: true }), 80);
  await page.keyboard.press('ArrowRight');
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await tabAndPick(page, page.getByRole('combobox', { name: 'Capability' }), 'API Gateway');
  await tabAndChoose(page, page.getByRole('combobox', { name: 'Environment' }), 'Development');
  // Whichever slot is live (an earlier run may have switched), the other is the idle one.
  await expect(page.getByTestId('slot-live')).toBeVisible();
  const blueLive = (await page.getByTestId('slot-card-blue').getByTestId('slot-live').count()) === 1;
  const idle = blueLive ? 'green' : 'blue';

  const deploy = page.getByRole('button', { name: 'Deploy to idle slot' });
  await tabAndPress(page, deploy);
  const dialog = page.getByRole('dialog');
  await expectFocusIn(dialog);
  await tabAndType(page, dialog.getByLabel('Version', { exact: true }), version);
  await tabAndType(page, dialog.getByLabel('Endpoint'), 'https://green.api.dev.example.com/kb/');
  await tabAndPress(page, dialog.getByRole('button', { name: 'Deploy' }));
  await expect(toast(page, 'Deployed to idle slot')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(deploy).toBeFocused();
  await expect(slotField(page, idle, 'version')).toHaveText(version);

  const switchButton = page.getByRole('button', { name: 'Switch Slots' });
  await tabAndPress(page, switchButton, 'Enter', 60);
  const confirm = dialogNamed(page, /Switch/);
  await expectFocusIn(confirm);
  await tabAndPress(page, confirm.getByRole('button', { name: 'Switch', exact: true }));
  await expect(toast(page, 'Deployment switched')).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(switchButton).toBeFocused();
  await expect(slotField(page, idle, 'traffic')).toHaveText('100%');
});
