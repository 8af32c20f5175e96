import { expect, test } from '../fixtures';

/**
 * Audit Log → Retention & exports (docs/audit-retention.md, "In the console"): an administrator exports
 * today's events now and downloads the .jsonl.gz, then sets a custom retention and goes back to keep
 * forever (ten years, so the demo data's trail is never purged under the other specs).
 */
test('an administrator exports the audit trail now, downloads it and sets the retention', async ({
  page,
}) => {
  await page.goto('/audit-log');
  await page.getByRole('button', { name: 'Retention & exports' }).click();
  const dialog = page.getByRole('dialog', { name: 'Retention & exports' });

  const local = (date: Date) =>
    new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await dialog.getByLabel('From').fill(local(new Date(Date.now() - 86_400_000)));
  await dialog.getByLabel('To').fill(local(new Date(Date.now() + 86_400_000)));
  await dialog.getByRole('button', { name: 'Export now' }).click();
  await expect(page.getByText('Export written', { exact: true })).toBeVisible();

  const row = dialog.getByTestId('audit-export').first();
  await expect(row).toContainText('Export now');
  const downloading = page.waitForEvent('download');
  await row.getByRole('link', { name: /^Download audit-\d+-\d+\.jsonl\.gz$/ }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^audit-\d+-\d+\.jsonl\.gz$/);

  await dialog.getByRole('combobox', { name: 'Keep audit events' }).click();
  await page.getByRole('option', { name: 'Custom' }).click();
  await dialog.getByRole('textbox', { name: 'Days' }).fill('3650');
  await dialog.getByRole('button', { name: 'Save retention' }).click();
  await expect(page.getByText('Retention saved', { exact: true }).first()).toBeVisible();
  await expect(dialog.getByText('Events older than 3650 days are exported')).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Keep audit events' }).click();
  await page.getByRole('option', { name: 'Keep forever' }).click();
  await dialog.getByRole('button', { name: 'Save retention' }).click();
  await expect(dialog.getByText('Audit events are kept forever.')).toBeVisible();
});
