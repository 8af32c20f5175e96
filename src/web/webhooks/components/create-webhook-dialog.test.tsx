import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe } from '@/test/me';
import { optionsHandler } from '@/test/options-stub';
import {
  apiError,
  makeWebhook,
  renderWebhooksCard,
  requestsTo,
  stubApi,
  TEST_TIMEOUT,
} from '@/webhooks/test/fixtures';
import { SECRET_SHOWN_ONCE } from '@/webhooks/components/webhook-secret';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openAddWebhook() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add webhook' }));
  return within(await screen.findByRole('dialog', { name: 'Add webhook' }));
}

describe('Add webhook', { timeout: TEST_TIMEOUT }, () => {
  it('checks the fields before sending: an http(s) URL and at least one event type', async () => {
    const fetchMock = stubApi({ 'GET /api/webhooks': [], 'GET /api/tenants/options': optionsHandler([]) });
    renderWebhooksCard();
    const dialog = await openAddWebhook();
    await userEvent.type(dialog.getByLabelText('URL'), 'ftp://example.com');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'All events' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add webhook' }));

    expect(await dialog.findByText('Must be an http(s) URL')).toBeInTheDocument();
    expect(dialog.getByText('Choose at least one event type')).toBeInTheDocument();
    expect(dialog.getByLabelText('URL')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(fetchMock, 'POST', '/api/webhooks')).toHaveLength(0);
  });

  it('sends the subscription, then shows its secret once', async () => {
    const fetchMock = stubApi({
      'GET /api/webhooks': [],
      'GET /api/tenants/options': optionsHandler([]),
      'POST /api/webhooks': ({ body }) =>
        Response.json(
          { ...makeWebhook({ url: 'https://203.0.113.10/hook' }), secret: SECRET, body },
          { status: 201 },
        ),
    });
    renderWebhooksCard();
    const dialog = await openAddWebhook();
    await userEvent.type(dialog.getByLabelText('URL'), 'https://203.0.113.10/hook');
    await userEvent.type(dialog.getByLabelText('Description'), 'CI');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'All events' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'change_request.applied' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Production' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Add webhook' }));

    const added = within(await screen.findByRole('dialog', { name: 'Webhook added' }));
    expect(added.getByText(SECRET_SHOWN_ONCE)).toBeInTheDocument();
    expect(added.getByLabelText('Signing secret')).toHaveValue(SECRET);
    expect(requestsTo(fetchMock, 'POST', '/api/webhooks')[0]?.body).toEqual({
      kind: 'webhook',
      format: null,
      url: 'https://203.0.113.10/hook',
      description: 'CI',
      eventTypes: ['change_request.applied'],
      environments: ['production'],
      tenantId: null,
      enabled: true,
    });

    // Once closed, the secret is gone: the next opening is an empty form.
    await userEvent.click(added.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    const again = within(await screen.findByRole('dialog', { name: 'Add webhook' }));
    expect(again.getByLabelText('URL')).toHaveValue('');
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it("puts the server's field issue beside its field", async () => {
    stubApi({
      'GET /api/webhooks': [],
      'GET /api/tenants/options': optionsHandler([]),
      'POST /api/webhooks': apiError(400, 'Invalid input', [
        { path: 'body.url', message: 'Resolves to a refused address (loopback)' },
      ]),
    });
    renderWebhooksCard();
    const dialog = await openAddWebhook();
    await userEvent.type(dialog.getByLabelText('URL'), 'https://localhost/hook');
    await userEvent.click(dialog.getByRole('button', { name: 'Add webhook' }));
    expect(await dialog.findByText('Resolves to a refused address (loopback)')).toBeInTheDocument();
    expect(dialog.getByLabelText('URL')).toHaveAttribute('aria-invalid', 'true');
  });
  it("a tenant owner's webhook is for their tenant: no Platform choice", async () => {
    const fetchMock = stubApi({
      'GET /api/webhooks': [],
      'GET /api/tenants/options': optionsHandler([{ id: 'tenant-001', name: 'Acme Corp' }]),
      'POST /api/webhooks': Response.json(
        { ...makeWebhook({ tenantId: 'tenant-001' }), secret: SECRET },
        { status: 201 },
      ),
    });
    renderWebhooksCard(makeMe({ memberships: [{ tenantId: 'tenant-001', role: 'owner' }] }));
    const dialog = await openAddWebhook();
    expect(await dialog.findByText('Acme Corp')).toBeInTheDocument();
    expect(dialog.queryByText('Platform (all tenants)')).not.toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText('URL'), 'https://203.0.113.10/hook');
    await userEvent.click(dialog.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByRole('dialog', { name: 'Webhook added' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/webhooks')[0]?.body).toMatchObject({ tenantId: 'tenant-001' });
  });
});
