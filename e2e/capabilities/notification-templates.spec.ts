import { expect, test } from '../fixtures';
import { choose, toast } from './helpers';

test.describe('notification templates', () => {
  test('an administrator creates, edits, deletes and restores a template on the Notification Service', async ({
    page,
    request,
  }) => {
    test.slow();
    const name = `E2E Template ${Date.now()}`;
    await page.goto('/capability/api-007/configuration');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(
      'Notification Service',
    );
    const card = page.getByTestId('notification-templates-card');
    await expect(
      card.getByTestId('template-item').filter({ hasText: 'Welcome Email' }).first(),
    ).toBeVisible();

    // Create: switching the channel to SMS hides the subject.
    await card.getByRole('button', { name: 'Add Template' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Create Notification Template' })).toBeVisible();
    await dialog.getByLabel('Name').fill(name);
    await expect(dialog.getByLabel('Subject')).toBeVisible();
    await choose(page, dialog.getByRole('combobox', { name: 'Channel' }), 'SMS (sms)');
    await expect(dialog.getByLabel('Subject')).toHaveCount(0);
    await choose(page, dialog.getByRole('combobox', { name: 'Language' }), 'French (fr)');
    await dialog.getByLabel('Content').fill('Votre code est {{code}}');
    await expect(dialog.getByText('Undeclared variables: {{code}}')).toBeVisible();
    await dialog.getByLabel('Variables').fill('code, ');
    await expect(dialog.getByText(/Undeclared variables/)).toHaveCount(0);
    await expect(dialog.getByTestId('preview-content')).toHaveText('Votre code est Sample code');
    await dialog.getByRole('textbox', { name: 'Sample value for code' }).fill('424242');
    await expect(dialog.getByTestId('preview-content')).toHaveText('Votre code est 424242');
    await dialog.getByRole('button', { name: 'Create Template' }).click();
    await expect(toast(page, 'Template Created')).toBeVisible();
    await expect(dialog).toBeHidden();

    const item = card.getByTestId('template-item').filter({ hasText: name });
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId('template-language')).toHaveText('fr');
    await expect(item.getByTestId('template-channel')).toHaveText('sms');
    await expect(item.getByTestId('status-badge')).toHaveText('Active');
    await expect(item).toContainText('{{code}}');

    // Edit.
    await item.getByRole('button', { name: /^Edit / }).click();
    await expect(dialog.getByRole('heading', { name: 'Edit Notification Template' })).toBeVisible();
    await expect(dialog.getByLabel('Name')).toHaveValue(name);
    await dialog.getByLabel('Content').fill('Votre code est {{code}}. Il expire bientôt.');
    await choose(page, dialog.getByRole('combobox', { name: 'Status' }), 'Inactive (inactive)');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Template Updated')).toBeVisible();
    await expect(item).toContainText('Il expire bientôt.');
    await expect(item.getByTestId('status-badge')).toHaveText('Inactive');

    type Listed = { id: string; name: string };
    const templates = async () =>
      (await (await request.get('/api/notification-templates/capability/api-007')).json()) as Listed[];
    const id = (await templates()).find((t) => t.name === name)?.id;
    expect(id).toBeDefined();

    // Delete, accepting the browser confirmation.
    page.once('dialog', (confirm) => {
      expect(confirm.type()).toBe('confirm');
      expect(confirm.message()).toBe('Are you sure you want to delete this template?');
      void confirm.accept();
    });
    await item.getByRole('button', { name: /^Delete / }).click();
    await expect(toast(page, 'Template Deleted')).toBeVisible();
    await expect(item).toHaveCount(0);

    // Undo on the toast puts the same template back, with its own toast.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(toast(page, 'Template restored')).toBeVisible();
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Il expire bientôt.');
    await expect(item.getByTestId('status-badge')).toHaveText('Inactive');
    // The same template, id included.
    expect((await templates()).find((t) => t.name === name)?.id).toBe(id);
  });
});
