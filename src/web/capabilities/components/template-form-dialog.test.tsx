import type { NotificationTemplate } from '@contract/notification-templates';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TemplateFormDialog } from '@/capabilities/components/template-form-dialog';
import { apiError, makeTemplate, requestsTo, stubApi } from '@/capabilities/test/fixtures';
import { Toaster } from '@/components/ui/toaster';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

function renderDialog(template?: NotificationTemplate) {
  const onOpenChange = vi.fn();
  renderWithProviders(
    <>
      <TemplateFormDialog open onOpenChange={onOpenChange} capabilityId="api-007" template={template} />
      <Toaster />
    </>,
    { queryClient: queryClientWithMe(makeMe({ globalRole: 'admin' })) },
  );
  const dialog = within(screen.getByRole('dialog'));
  return { onOpenChange, dialog };
}

/** Puts text into a field as one paste: fast, and braces need no escaping. */
async function paste(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// Radix selects and many keystrokes: slow on a busy machine.
describe('TemplateFormDialog', { timeout: 20_000 }, () => {
  it('shows the subject field for email only', async () => {
    stubApi({});
    const { dialog } = renderDialog();
    expect(dialog.getByRole('heading', { name: 'Create Notification Template' })).toBeInTheDocument();
    expect(dialog.getByLabelText('Subject')).toBeInTheDocument();
    expect(dialog.getByLabelText('Content')).toHaveAttribute('rows', '6');

    await userEvent.click(dialog.getByRole('combobox', { name: 'Channel' }));
    await userEvent.click(await screen.findByRole('option', { name: 'SMS (sms)' }));
    expect(dialog.queryByLabelText('Subject')).not.toBeInTheDocument();
    expect(dialog.queryByTestId('preview-subject')).not.toBeInTheDocument();

    await userEvent.click(dialog.getByRole('combobox', { name: 'Channel' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Email (email)' }));
    expect(dialog.getByLabelText('Subject')).toBeInTheDocument();

    // Chat (Slack, Teams) messages have no subject either.
    await userEvent.click(dialog.getByRole('combobox', { name: 'Channel' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Chat (chat)' }));
    expect(dialog.queryByLabelText('Subject')).not.toBeInTheDocument();
  });

  it('disables save without a name and content', async () => {
    stubApi({});
    const { dialog } = renderDialog();
    const save = dialog.getByRole('button', { name: 'Create Template' });
    expect(save).toBeDisabled();
    await userEvent.type(dialog.getByLabelText('Name'), 'Welcome');
    expect(save).toBeDisabled();
    await userEvent.type(dialog.getByLabelText('Content'), '   ');
    expect(save).toBeDisabled();
    await userEvent.type(dialog.getByLabelText('Content'), 'Hello');
    expect(save).toBeEnabled();
    await userEvent.clear(dialog.getByLabelText('Name'));
    expect(save).toBeDisabled();
  });

  it('names undeclared {{variables}} beside the field and requires an email subject', async () => {
    const fetchMock = stubApi({});
    const { dialog } = renderDialog();
    await userEvent.type(dialog.getByLabelText('Name'), 'Welcome');
    await paste(dialog.getByLabelText('Content'), 'Hi {{firstName}}, see {{url}}');
    await userEvent.type(dialog.getByLabelText('Variables'), 'firstName');

    expect(dialog.getByText('Undeclared variables: {{url}}')).toBeInTheDocument();
    expect(dialog.getByLabelText('Content')).toHaveAttribute('aria-invalid', 'true');
    // The subject's own rule waits until the user asks to save.
    expect(dialog.queryByText('Subject is required for email')).not.toBeInTheDocument();

    await userEvent.click(dialog.getByRole('button', { name: 'Create Template' }));
    expect(await dialog.findByText('Subject is required for email')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(dialog.getByLabelText('Variables'), ', url');
    expect(dialog.queryByText(/Undeclared variables/)).not.toBeInTheDocument();
  });

  it('parses the variables (comma separated, trimmed, empties dropped) and creates the template', async () => {
    const fetchMock = stubApi({
      'POST /api/notification-templates': ({ body }) =>
        Response.json(makeTemplate(body as Partial<NotificationTemplate>), { status: 201 }),
      'GET /api/notification-templates/capability/api-007': [],
    });
    const { dialog, onOpenChange } = renderDialog();
    await userEvent.type(dialog.getByLabelText('Name'), 'Code');
    await userEvent.click(dialog.getByRole('combobox', { name: 'Channel' }));
    await userEvent.click(await screen.findByRole('option', { name: 'SMS (sms)' }));
    await userEvent.click(dialog.getByRole('combobox', { name: 'Language' }));
    await userEvent.click(await screen.findByRole('option', { name: 'German (de)' }));
    await paste(dialog.getByLabelText('Content'), 'Code {{code}} for {{minutes}} min');
    await paste(dialog.getByLabelText('Variables'), ' code , , minutes ,');
    await userEvent.click(dialog.getByRole('button', { name: 'Create Template' }));

    expect(await screen.findByText('Template Created')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/notification-templates')[0]?.body).toEqual({
      capabilityId: 'api-007',
      name: 'Code',
      language: 'de',
      deliveryChannel: 'sms',
      subject: null,
      content: 'Code {{code}} for {{minutes}} min',
      variables: ['code', 'minutes'],
      status: 'active',
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('previews subject and content with editable sample values', async () => {
    stubApi({});
    const { dialog } = renderDialog(makeTemplate());
    expect(dialog.getByRole('heading', { name: 'Edit Notification Template' })).toBeInTheDocument();
    expect(dialog.getByTestId('preview-subject')).toHaveTextContent('Welcome, Sample firstName!');
    expect(dialog.getByTestId('preview-content')).toHaveTextContent(
      'Hi Sample firstName, sign in at Sample loginUrl.',
    );

    const sample = dialog.getByRole('textbox', { name: 'Sample value for firstName' });
    await userEvent.clear(sample);
    await userEvent.type(sample, 'Ada');
    expect(dialog.getByTestId('preview-subject')).toHaveTextContent('Welcome, Ada!');
    expect(dialog.getByTestId('preview-content')).toHaveTextContent('Hi Ada, sign in at Sample loginUrl.');
  });

  it("updates with PATCH and shows the server's field issues", async () => {
    const fetchMock = stubApi({
      'PATCH /api/notification-templates/template-001': apiError(400, 'Invalid request', [
        { path: 'body.subject', message: 'Subject is too long' },
      ]),
    });
    const { dialog, onOpenChange } = renderDialog(makeTemplate());
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await dialog.findByText('Subject is too long')).toBeInTheDocument();
    expect(dialog.getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Invalid request')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PATCH', '/api/notification-templates/template-001')[0]?.body).toMatchObject(
      {
        name: 'Welcome Email',
        variables: ['firstName', 'loginUrl'],
      },
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
