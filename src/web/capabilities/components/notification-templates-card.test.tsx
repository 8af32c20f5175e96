import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationTemplatesCard } from '@/capabilities/components/notification-templates-card';
import { makeTemplate, requestsTo, stubApi } from '@/capabilities/test/fixtures';
import { Toaster } from '@/components/ui/toaster';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';

function renderCard(globalRole = 'admin') {
  return renderWithProviders(
    <>
      <NotificationTemplatesCard capabilityId="api-007" />
      <Toaster />
    </>,
    { queryClient: queryClientWithMe(makeMe({ globalRole })) },
  );
}

const LIST = 'GET /api/notification-templates/capability/api-007';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('NotificationTemplatesCard', { timeout: 15_000 }, () => {
  it('lists name, language, channel, status, subject, content and {{variables}}', async () => {
    stubApi({
      [LIST]: [
        makeTemplate(),
        makeTemplate({
          id: 't2',
          name: 'Code',
          deliveryChannel: 'sms',
          subject: null,
          status: 'inactive',
          variables: [],
        }),
      ],
    });
    renderCard();
    const items = await screen.findAllByTestId('template-item');
    const first = within(items[0]!);
    expect(first.getByText('Welcome Email')).toBeInTheDocument();
    expect(first.getByTestId('template-language')).toHaveTextContent('en');
    expect(first.getByTestId('template-channel')).toHaveTextContent('email');
    expect(first.getByTestId('status-badge')).toHaveTextContent('Active');
    expect(first.getByText('Welcome, {{firstName}}!')).toBeInTheDocument();
    expect(first.getByText('Hi {{firstName}}, sign in at {{loginUrl}}.')).toBeInTheDocument();
    expect(first.getByText('{{loginUrl}}')).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Edit Welcome Email' })).toBeInTheDocument();
    expect(within(items[1]!).getByTestId('status-badge')).toHaveTextContent('Inactive');
    expect(screen.getByRole('button', { name: 'Add Template' })).toBeInTheDocument();
  });

  it('says how to start when there are no templates', async () => {
    stubApi({ [LIST]: [] });
    renderCard();
    expect(
      await screen.findByText('No templates configured yet. Click "Add Template" to create one.'),
    ).toBeInTheDocument();
  });

  it('hides Add, Edit and Delete from users who are not administrators', async () => {
    stubApi({ [LIST]: [makeTemplate()] });
    renderCard('user');
    await screen.findAllByTestId('template-item');
    expect(screen.queryByRole('button', { name: 'Add Template' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
  });

  it('asks "Are you sure you want to delete this template?" and deletes only when confirmed', async () => {
    let templates = [makeTemplate()];
    const fetchMock = stubApi({
      [LIST]: () => Response.json(templates),
      'DELETE /api/notification-templates/template-001': () => {
        templates = [];
        return new Response(null, { status: 204 });
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderCard();
    await screen.findAllByTestId('template-item');

    await userEvent.click(screen.getByRole('button', { name: 'Delete Welcome Email' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this template?');
    expect(requestsTo(fetchMock, 'DELETE', '/api/notification-templates/template-001')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Welcome Email' }));
    expect(await screen.findByText('Template Deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('template-item')).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, 'DELETE', '/api/notification-templates/template-001')).toHaveLength(1);
  });

  it('puts a deleted template back with Undo on the toast, and says so', async () => {
    const template = makeTemplate();
    let templates = [template];
    const fetchMock = stubApi({
      [LIST]: () => Response.json(templates),
      'DELETE /api/notification-templates/template-001': () => {
        templates = [];
        return new Response(null, { status: 204 });
      },
      'POST /api/notification-templates/template-001/restore': () => {
        templates = [template];
        return Response.json(template, { status: 201 });
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderCard();
    await screen.findAllByTestId('template-item');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Welcome Email' }));
    await waitFor(() => expect(screen.queryByTestId('template-item')).not.toBeInTheDocument());

    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Template restored')).toBeInTheDocument();
    expect(screen.getByText('Welcome Email is back.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/notification-templates/template-001/restore')).toHaveLength(1);
    expect(await screen.findByTestId('template-item')).toHaveTextContent('Welcome Email');
  });

  it("shows why an Undo failed, in an 'Error' toast", async () => {
    stubApi({
      [LIST]: [makeTemplate()],
      'DELETE /api/notification-templates/template-001': new Response(null, { status: 204 }),
      'POST /api/notification-templates/template-001/restore': Response.json(
        { message: 'Messaging does not carry notification templates', code: 'CONFLICT' },
        { status: 409 },
      ),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderCard();
    await screen.findAllByTestId('template-item');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Welcome Email' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Messaging does not carry notification templates')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it("shows 'Failed to delete template.' when the server gives no message", async () => {
    stubApi({
      [LIST]: [makeTemplate()],
      'DELETE /api/notification-templates/template-001': new Response('', { status: 500 }),
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderCard();
    await screen.findAllByTestId('template-item');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Welcome Email' }));
    expect(await screen.findByText('Failed to delete template.')).toBeInTheDocument();
  });

  it('opens the edit dialog prefilled', async () => {
    stubApi({ [LIST]: [makeTemplate()] });
    renderCard();
    await screen.findAllByTestId('template-item');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Welcome Email' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByRole('heading', { name: 'Edit Notification Template' })).toBeInTheDocument();
    expect(dialog.getByLabelText('Variables')).toHaveValue('firstName, loginUrl');
  });
});
