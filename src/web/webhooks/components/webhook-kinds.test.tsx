import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe } from '@/test/me';
import { optionsHandler } from '@/test/options-stub';
import { makeWebhook, renderWebhooksCard, requestsTo, stubApi, TEST_TIMEOUT } from '@/webhooks/test/fixtures';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

afterEach(() => {
  vi.unstubAllGlobals();
});

const api = () =>
  stubApi({
    'GET /api/webhooks': [],
    'GET /api/tenants/options': optionsHandler([{ id: 'tenant-001', name: 'Acme Corp' }]),
    'POST /api/webhooks': ({ body }) =>
      Response.json({ ...makeWebhook(), secret: SECRET, body }, { status: 201 }),
  });

async function openAddWebhook() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add webhook' }));
  return within(await screen.findByRole('dialog', { name: 'Add webhook' }));
}

async function chooseKind(dialog: ReturnType<typeof within>, kind: string) {
  await userEvent.click(dialog.getByRole('combobox', { name: 'Kind' }));
  await userEvent.click(await screen.findByRole('option', { name: kind }));
}

describe('Add webhook: kinds', { timeout: TEST_TIMEOUT }, () => {
  it('adds a Slack subscription with its event types', async () => {
    const fetchMock = api();
    renderWebhooksCard();
    const dialog = await openAddWebhook();
    await chooseKind(dialog, 'Slack');
    expect(dialog.getByText(/A Slack incoming-webhook URL/)).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText('URL'), 'https://hooks.slack.com/services/T0/B0/x');
    await userEvent.click(dialog.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByRole('dialog', { name: 'Webhook added' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/webhooks')[0]?.body).toMatchObject({
      kind: 'slack',
      url: 'https://hooks.slack.com/services/T0/B0/x',
      eventTypes: ['*'],
    });
  });

  it('an audit stream hides event types, environments and tenant, and asks for a format', async () => {
    const fetchMock = api();
    renderWebhooksCard();
    const dialog = await openAddWebhook();
    await chooseKind(dialog, 'Audit stream');
    expect(dialog.queryByRole('group', { name: 'Event types' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('checkbox', { name: 'Production' })).not.toBeInTheDocument();
    expect(dialog.queryByLabelText('Tenant')).not.toBeInTheDocument();
    expect(dialog.getByTestId('audit-stream-note')).toHaveTextContent('every audit event');
    await userEvent.click(dialog.getByRole('combobox', { name: 'Format' }));
    await userEvent.click(await screen.findByRole('option', { name: 'CEF' }));
    await userEvent.type(dialog.getByLabelText('URL'), 'https://siem.example.com/collector');
    await userEvent.click(dialog.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByRole('dialog', { name: 'Webhook added' })).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/webhooks')[0]?.body).toEqual({
      kind: 'audit_stream',
      format: 'cef',
      url: 'https://siem.example.com/collector',
      description: '',
      eventTypes: ['*'],
      environments: null,
      tenantId: null,
      enabled: true,
    });
  });

  it('offers the audit stream to administrators only', async () => {
    api();
    renderWebhooksCard(makeMe({ memberships: [{ tenantId: 'tenant-001', role: 'owner' }] }));
    const dialog = await openAddWebhook();
    await userEvent.click(dialog.getByRole('combobox', { name: 'Kind' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Webhook', 'Slack', 'Microsoft Teams']);
  });
});
