import { expect, test } from '../fixtures';

/**
 * Settings → Webhooks (docs/webhooks.md, "In the console"): an administrator adds a subscription, sees
 * its secret once, disables it, reads its (empty) delivery log and deletes it. The URL is an address
 * literal the server accepts at save; the subscription takes only rolled-back rollouts, so nothing of
 * this spec is ever sent to it.
 */
test('an administrator adds, disables, inspects and deletes a webhook', async ({ page }) => {
  const url = `https://203.0.113.10/hook-${Date.now()}`;
  await page.goto('/settings');
  const card = page.getByTestId('webhooks-card');
  await card.getByRole('button', { name: 'Add webhook' }).first().click();

  const form = page.getByRole('dialog', { name: 'Add webhook' });
  await form.getByLabel('URL').fill(url);
  await form.getByLabel('Description').fill('E2E receiver');
  await form.getByRole('checkbox', { name: 'All events' }).click();
  await form.getByRole('checkbox', { name: 'rollout.rolled_back' }).click();
  await form.getByRole('button', { name: 'Add webhook' }).click();

  const added = page.getByRole('dialog', { name: 'Webhook added' });
  await expect(added.getByText('it will not be shown again')).toBeVisible();
  await expect(added.getByLabel('Signing secret')).toHaveValue(/^whsec_/);
  await added.getByRole('button', { name: 'Done' }).click();
  await expect(added).toBeHidden();
  await expect(page.getByLabel('Signing secret')).toHaveCount(0);

  const row = card.getByRole('listitem', { name: url });
  await expect(row.getByTestId('webhook-state')).toHaveText('Enabled');
  await row.getByRole('button', { name: `Actions for ${url}` }).click();
  await page.getByRole('menuitem', { name: 'Disable' }).click();
  await expect(row.getByTestId('webhook-state')).toHaveText('Disabled');
  // The menu is gone, its closing animation included: a trigger pressed while it still runs counts as
  // a press outside the closing menu, which closes the new one at once.
  await expect(page.getByRole('menu')).toHaveCount(0);

  await row.getByRole('button', { name: `Actions for ${url}` }).click();
  await page.getByRole('menuitem', { name: 'Delivery log' }).click();
  const log = page.getByRole('dialog', { name: 'Delivery log' });
  await expect(log.getByText('No deliveries yet')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(log).toBeHidden();

  await row.getByRole('button', { name: `Actions for ${url}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete webhook?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText('Webhook deleted', { exact: true })).toBeVisible();
  await expect(row).toHaveCount(0);
});

/**
 * Kinds and Edit: an administrator adds an audit stream (no event types, environments or tenant to
 * choose), edits its description, and deletes it.
 */
test('an administrator adds an audit stream and edits it', async ({ page }) => {
  const url = `https://203.0.113.10/siem-${Date.now()}`;
  await page.goto('/settings');
  const card = page.getByTestId('webhooks-card');
  await card.getByRole('button', { name: 'Add webhook' }).first().click();

  const form = page.getByRole('dialog', { name: 'Add webhook' });
  await form.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: 'Audit stream' }).click();
  await expect(form.getByRole('checkbox', { name: 'All events' })).toHaveCount(0);
  await form.getByLabel('URL').fill(url);
  await form.getByRole('button', { name: 'Add webhook' }).click();
  const added = page.getByRole('dialog', { name: 'Webhook added' });
  await added.getByRole('button', { name: 'Done' }).click();
  await expect(added).toBeHidden();

  const row = card.getByRole('listitem', { name: url });
  await expect(row.getByTestId('webhook-kind')).toHaveText('Audit stream · JSON lines');
  await row.getByRole('button', { name: `Actions for ${url}` }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit webhook' });
  await edit.getByLabel('Description').fill('SIEM collector');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Webhook saved', { exact: true })).toBeVisible();
  await expect(row.getByText('SIEM collector')).toBeVisible();
  await expect(page.getByRole('menu')).toHaveCount(0);

  await row.getByRole('button', { name: `Actions for ${url}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete webhook?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(row).toHaveCount(0);
});
