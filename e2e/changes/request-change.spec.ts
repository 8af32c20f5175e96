import { parseBlueGreenConfig } from '../../src/contract/blue-green';
import type { ChangeRequest } from '../../src/contract/changes';
import { setPassword } from '../auth/auth-helpers';
import { expectEditorText, fillEditor } from '../code-editor';
import { CONTROL_PLANE, getTenant, TENANT_ID, toast } from '../control-plane/helpers';
import { expect, signIn, test } from '../fixtures';
import { DEVELOPER, productionCapabilityAtVersion1 } from './helpers';

test.describe('requesting a change where production needs approval', () => {
  test('a developer’s new production version becomes a change request; the card keeps the old one', async ({
    page,
    request,
  }) => {
    const name = `E2E Request ${Date.now()}`;
    await productionCapabilityAtVersion1(request, name);

    await setPassword(request, DEVELOPER.id, DEVELOPER.password);
    await signIn(page.request, DEVELOPER);
    await page.goto(`${CONTROL_PLANE}?env=production&region=us-east-1`);
    const card = page.getByRole('article', { name });
    await expect(card.getByText('Version 1')).toBeVisible();
    await card.getByRole('button', { name: 'Update Configuration' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configure Capability' });
    await expect(
      dialog.getByText('Production changes of this tenant need 1 approval: this creates a change request.'),
    ).toBeVisible();
    // A developer may not bypass.
    await expect(dialog.getByRole('checkbox', { name: 'Bypass approval' })).toHaveCount(0);
    await expectEditorText(dialog.getByLabel('Configuration (JSON)'), '{\n  "level": 1\n}');
    await fillEditor(dialog.getByLabel('Configuration (JSON)'), '{"level": 2}');
    await dialog.getByLabel('Description (optional)').fill('Level 2 for the launch');
    await expect(dialog.getByRole('button', { name: 'Save Configuration' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Request change' }).click();

    await expect(toast(page)).toContainText(/Change request #\d+ created/);
    await expect(toast(page)).toContainText('It applies once it has 1 approval.');
    await expect(dialog).toBeHidden();
    // Nothing applied yet.
    await expect(card.getByText('Version 1')).toBeVisible();
    await expect(card.getByTestId('active-configuration-text')).toHaveText('{\n  "level": 1\n}');

    const requests = await page.request.get(`/api/change-requests?view=mine&tenantId=${TENANT_ID}`);
    expect(requests.ok()).toBe(true);
    const mine = (await requests.json()) as ChangeRequest[];
    expect(mine.find((r) => r.description === 'Level 2 for the launch')).toMatchObject({
      kind: 'configuration.create',
      status: 'pending',
      environment: 'production',
      requestedBy: DEVELOPER.email,
    });
  });

  test('a global administrator bypasses approval on a production blue-green switch', async ({
    page,
    request,
  }) => {
    const tenant = await getTenant(request);
    const state = parseBlueGreenConfig(tenant.blueGreenConfig).production;
    expect(state?.enabled && state.activeSlot, 'tenant-001 production blue-green is live').toBeTruthy();
    const from = state!.activeSlot!;
    const to = from === 'blue' ? 'green' : 'blue';
    const candidate = `8.${Date.now() % 1000}.0`;

    await page.goto(`${CONTROL_PLANE}?tab=configuration`);
    const production = page.getByTestId('blue-green-production');
    await expect(production.getByTestId('active-slot')).toHaveText(from.toUpperCase());
    await production.getByRole('button', { name: 'Switch Slot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch Production Slot' });
    await dialog.getByLabel('Version to deploy').fill(candidate);
    await expect(dialog.getByRole('button', { name: 'Request change' })).toBeEnabled();
    await dialog.getByRole('checkbox', { name: 'Bypass approval' }).click();
    const apply = dialog.getByRole('button', { name: 'Apply now (bypass)' });
    await expect(apply).toBeDisabled();
    await dialog.getByLabel('Reason').fill('E2E: hotfix cannot wait');
    await apply.click();

    // Applying at once, production still asks first.
    const confirm = page.getByRole('alertdialog', {
      name: `Switch live Production traffic to the ${to.toUpperCase()} slot?`,
    });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Switch Production' }).click();
    await expect(toast(page)).toContainText('Change applied');
    await expect(dialog).toBeHidden();
    await expect(production.getByTestId('active-slot')).toHaveText(to.toUpperCase());
    expect(parseBlueGreenConfig((await getTenant(request)).blueGreenConfig).production?.activeSlot).toBe(to);
  });
});
