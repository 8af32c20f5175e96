import { expect, test } from '../fixtures';
import { editorText, expectEditorText, fillEditor } from '../code-editor';
import { CONTROL_PLANE, patchTenant, registerCapability, toast } from './helpers';

const SCHEMA = JSON.stringify({
  type: 'object',
  required: ['bucket'],
  properties: {
    bucket: { type: 'string', description: 'Where the files go' },
    retries: { type: 'integer' },
    mode: { enum: ['fast', 'safe'] },
  },
});

test.describe('control plane: the configuration editor', () => {
  test('errors as you type, schema problems in plain words, completion, Tab and Escape', async ({
    page,
    request,
  }) => {
    await patchTenant(request, {
      developmentEnabled: true,
      allowedRegions: ['us-east-1', 'us-west-2', 'eu-west-1'],
      environmentRegionPolicies: null,
      confirmWidening: true,
    });
    const name = `E2E Editor ${Date.now()}`;
    await registerCapability(request, name, { configurationSchema: SCHEMA });

    await page.goto(CONTROL_PLANE);
    await page.getByLabel('Environment').click();
    // Development: production changes need approval (e2e/changes covers them); this is about the editor.
    await page.getByRole('option', { name: 'Development' }).click();
    await page.getByLabel('AWS Region').click();
    await page.getByRole('option', { name: 'us-east-1' }).click();
    await page.getByRole('article', { name }).getByRole('button', { name: 'Configure' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configure Capability' });
    const editor = dialog.getByRole('textbox', { name: 'Configuration (JSON)' });
    const problems = dialog.getByTestId('configure-configuration-problems');
    await expectEditorText(editor, '{}');

    // A syntax error shows while typing, with its line (the editor closes brackets and quotes itself).
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('{"bucket": "logs", "retries": ');
    await expect(problems).toContainText(/^Line 1: /);
    await expect(editor).toHaveAttribute('aria-invalid', 'true');

    // Valid JSON is checked against the capability's schema, in plain words.
    await page.keyboard.type('"three"');
    await expectEditorText(editor, '{"bucket": "logs", "retries": "three"}');
    await expect(problems).toHaveText('Field retries must be an integer');
    await fillEditor(editor, '{"retries": 3, "mode": "slow"}');
    await expect(problems).toContainText('Configuration is missing the required field bucket');
    await expect(problems).toContainText('Field mode must be one of: fast, safe');
    await expect(problems).not.toContainText(/\(root\)|must have required property/);

    // Property names come from the schema.
    await fillEditor(editor, '{"retries": 3, }');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('"bu');
    const completion = page.getByRole('listbox');
    await expect(completion.getByRole('option', { name: /bucket/ })).toBeVisible();
    // Escape closes the list, not the dialog.
    await page.keyboard.press('Escape');
    await expect(completion).toBeHidden();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('ControlOrMeta+Space');
    await expect(completion.getByRole('option', { name: /bucket/ })).toBeVisible();
    // CodeMirror ignores Enter for its interactionDelay (75 ms) after a list opens, so a quick
    // keypress would insert a newline instead of the completion.
    await page.waitForTimeout(150);
    await page.keyboard.press('Enter');
    await expect.poll(() => editorText(editor)).toContain('"bucket": ');

    // Tab leaves the editor for the next field: the editor does not trap focus.
    await editor.focus();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Notes')).toBeFocused();

    // The server refuses in the same plain words; the technical detail is one click away.
    await fillEditor(editor, '{"retries": 3}');
    await dialog.getByRole('button', { name: 'Save Configuration' }).click();
    const refusal = page.getByText('Configuration is missing the required field bucket');
    await expect(refusal.first()).toBeVisible();
    // The open dialog hides the toast region from the accessibility tree, so the toast is found by text.
    const details = page.getByText('Details', { exact: true });
    await details.click();
    await expect(
      page.getByText("body.configuration: /: must have required property 'bucket'", { exact: true }),
    ).toBeVisible();

    await fillEditor(editor, '{"bucket": "logs", "retries": 3}');
    await expect(problems).toBeEmpty();
    await dialog.getByRole('button', { name: 'Save Configuration' }).click();
    await expect(toast(page)).toContainText('Configuration saved');
    await expect(dialog).toBeHidden();
  });
});
