import { parseBlueGreenConfig } from '../../src/contract/blue-green';
import { expect, test } from '../fixtures';
import { getTenant, openConfigurationTab, toast } from './helpers';

test('blue-green: toggle, set a version on blur, switch, roll back, newest events first', async ({
  page,
  request,
}) => {
  const tenant = await getTenant(request);
  expect(tenant.uatEnabled).toBe(true);
  await openConfigurationTab(page);
  const uat = page.getByTestId('blue-green-uat');
  const toggle = uat.getByRole('switch', { name: 'Blue-green deployment for UAT' });

  // Off, then on again: the section follows the returned config each time.
  if (parseBlueGreenConfig(tenant.blueGreenConfig).uat?.enabled) {
    await toggle.click();
    await expect(toast(page)).toContainText('Blue-Green Deployment Updated');
    await expect(toggle).not.toBeChecked();
    await expect(uat.getByRole('button', { name: 'Switch Slot' })).toBeDisabled();
  }
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(toast(page)).toContainText('Blue-Green Deployment Updated');

  // Make sure a slot is live: the first switch of a fresh environment needs one.
  const state = parseBlueGreenConfig((await getTenant(request)).blueGreenConfig).uat;
  expect(state?.activeSlot, 'tenant-001 UAT has a live slot in the demo data').toBeTruthy();
  const from = state!.activeSlot!;
  const to = from === 'blue' ? 'green' : 'blue';
  const idle = uat.getByLabel(`${to === 'blue' ? 'Blue' : 'Green'} Slot Version`);
  const candidate = `9.${Date.now() % 1000}.0`;
  await idle.fill(candidate);
  await idle.blur();
  await expect(toast(page)).toContainText('Version Updated');
  expect(parseBlueGreenConfig((await getTenant(request)).blueGreenConfig).uat?.[`${to}Version`]).toBe(
    candidate,
  );

  await uat.getByRole('button', { name: 'Switch Slot' }).click();
  const switchDialog = page.getByRole('dialog', { name: 'Switch UAT Slot' });
  await expect(switchDialog).toContainText(
    `Switching from the ${from.toUpperCase()} slot to the ${to.toUpperCase()} slot`,
  );
  await expect(switchDialog.getByRole('button', { name: 'Switch' })).toBeDisabled();
  await switchDialog.getByLabel('Version to deploy').fill(candidate);
  await switchDialog.getByRole('button', { name: 'Switch' }).click();
  await expect(toast(page)).toContainText('Slot Switched');
  await expect(uat.getByTestId('active-slot')).toHaveText(to.toUpperCase());

  await uat.getByRole('button', { name: 'Rollback' }).click();
  const rollbackDialog = page.getByRole('alertdialog');
  await expect(rollbackDialog).toContainText(
    `back from the ${to.toUpperCase()} slot to the ${from.toUpperCase()} slot`,
  );
  await rollbackDialog.getByRole('button', { name: 'Rollback' }).click();
  await expect(toast(page)).toContainText('Rollback Complete');
  await expect(uat.getByTestId('active-slot')).toHaveText(from.toUpperCase());

  const events = uat.getByTestId('deployment-event');
  const stored =
    parseBlueGreenConfig((await getTenant(request)).blueGreenConfig).uat?.deploymentHistory ?? [];
  await expect(events).toHaveCount(Math.min(5, stored.length));
  await expect(events.nth(0).getByTestId('deployment-action')).toHaveText('rollback');
  await expect(events.nth(1).getByTestId('deployment-action')).toHaveText('switch');
  await expect(events.nth(1)).toContainText(`${to.toUpperCase()} (${candidate})`);

  // The same after a reload: it was stored.
  await page.reload();
  await page.getByRole('tab', { name: 'Configuration' }).click();
  await expect(page.getByTestId('blue-green-uat').getByTestId('deployment-action').first()).toHaveText(
    'rollback',
  );
});
