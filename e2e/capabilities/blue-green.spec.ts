import type { Capability } from '../../src/contract/capabilities';
import { expect, test } from '../fixtures';
import { toast } from './helpers';

test.describe('capability blue-green deployment', () => {
  test('enable UAT, set the blue version, switch, roll back', async ({ page, request }) => {
    // A capability of its own, so reruns start from a clean slate.
    const res = await request.post('/api/capabilities', {
      data: { name: `E2E Blue-Green ${Date.now()}`, version: '1.0.0', status: 'available' },
    });
    expect(res.status()).toBe(201);
    const capability = (await res.json()) as Capability;

    await page.goto(`/capability/${capability.id}/configuration`);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(capability.name);
    const uat = page.getByTestId('blue-green-uat');
    await expect(uat.getByTestId('active-slot')).toHaveText('No active slot');
    await expect(uat.getByRole('button', { name: 'Switch Slot' })).toBeDisabled();
    await expect(uat.getByRole('button', { name: 'Rollback' })).toBeDisabled();

    // Enable blue-green for UAT.
    const toggle = uat.getByRole('switch', { name: 'Blue-green deployment for UAT' });
    await toggle.click();
    await expect(toast(page, 'Blue-Green Deployment Updated')).toBeVisible();
    await expect(toggle).toBeChecked();

    // The blue version is sent on blur; the first version goes live.
    await uat.getByLabel('Blue Slot Version').fill('1.0.0');
    await uat.getByLabel('Blue Slot Version').blur();
    await expect(toast(page, 'Version Updated')).toBeVisible();
    await expect(uat.getByTestId('active-slot')).toHaveText('BLUE');

    // Switch to green with a new version.
    await uat.getByRole('button', { name: 'Switch Slot' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Switch UAT Slot' })).toBeVisible();
    await expect(dialog).toContainText('Switching from the BLUE slot to the GREEN slot.');
    await expect(dialog.getByRole('button', { name: 'Switch' })).toBeDisabled();
    await dialog.getByLabel('Version to deploy').fill('1.1.0');
    await dialog.getByRole('button', { name: 'Switch' }).click();
    await expect(toast(page, 'Slot Switched')).toBeVisible();
    await expect(uat.getByTestId('active-slot')).toHaveText('GREEN');
    await expect(uat.getByLabel('Green Slot Version')).toHaveValue('1.1.0');
    const events = uat.getByTestId('deployment-event');
    await expect(events).toHaveCount(1);
    await expect(events.first()).toContainText('switch');
    await expect(events.first()).toContainText('BLUE (1.0.0) → GREEN (1.1.0)');

    // Roll back: newest event first.
    await uat.getByRole('button', { name: 'Rollback' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('back from the GREEN slot to the BLUE slot');
    await confirm.getByRole('button', { name: 'Rollback' }).click();
    await expect(toast(page, 'Rollback Complete')).toBeVisible();
    await expect(uat.getByTestId('active-slot')).toHaveText('BLUE');
    await expect(events).toHaveCount(2);
    await expect(events.first()).toContainText('rollback');
    await expect(events.first()).toContainText('GREEN (1.1.0) → BLUE (1.0.0)');

    // Production was left alone.
    await expect(page.getByTestId('blue-green-production').getByTestId('active-slot')).toHaveText(
      'No active slot',
    );

    expect((await request.delete(`/api/capabilities/${capability.id}`)).status()).toBe(204);
  });
});
