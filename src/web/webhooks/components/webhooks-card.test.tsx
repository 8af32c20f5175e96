import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe } from '@/test/me';
import { optionsHandler } from '@/test/options-stub';
import {
  apiError,
  makeWebhook,
  never,
  renderWebhooksCard,
  stubApi,
  TEST_TIMEOUT,
} from '@/webhooks/test/fixtures';

const tenants = [{ id: 'tenant-001', name: 'Acme Corp' }];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WebhooksCard', { timeout: TEST_TIMEOUT }, () => {
  it('lists the subscriptions: URL, description, event types, tenant or Platform, state', async () => {
    stubApi({
      'GET /api/webhooks': [
        makeWebhook({
          id: 'wh-2',
          url: 'https://siem.example.com/in',
          tenantId: 'tenant-001',
          eventTypes: ['*'],
        }),
        makeWebhook({
          pausedAt: '2026-11-03T00:00:00.000Z',
          pausedReason: 'Retries ran out: 503 for 24 hours',
          environments: ['production'],
        }),
      ],
      'GET /api/tenants/options': optionsHandler(tenants),
    });
    renderWebhooksCard();

    const siem = within(await screen.findByRole('listitem', { name: 'https://siem.example.com/in' }));
    expect(siem.getByTestId('webhook-state')).toHaveTextContent('Enabled');
    expect(siem.getByText('All events')).toBeInTheDocument();
    expect(await siem.findByText('Acme Corp')).toBeInTheDocument();

    const paused = within(screen.getByRole('listitem', { name: 'https://hooks.example.com/console' }));
    expect(paused.getByTestId('webhook-state')).toHaveTextContent('Paused');
    expect(paused.getByText('Retries ran out: 503 for 24 hours')).toBeInTheDocument();
    expect(paused.getByText('Pipeline trigger')).toBeInTheDocument();
    expect(paused.getByText('change_request.applied')).toBeInTheDocument();
    expect(paused.getByText('Platform')).toBeInTheDocument();
    expect(paused.getByText('Production')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add webhook' })).toBeInTheDocument();
  });

  it('shows loading while the list loads', () => {
    stubApi({ 'GET /api/webhooks': never });
    renderWebhooksCard();
    expect(screen.getByText('Loading webhooks...')).toBeInTheDocument();
  });

  it('shows the empty state with Add webhook', async () => {
    stubApi({ 'GET /api/webhooks': [] });
    renderWebhooksCard();
    const empty = within(await screen.findByTestId('empty-state'));
    expect(empty.getByText('No webhooks yet')).toBeInTheDocument();
    expect(empty.getByRole('button', { name: 'Add webhook' })).toBeInTheDocument();
  });

  it('shows the server message when the list fails', async () => {
    stubApi({ 'GET /api/webhooks': apiError(500, 'Database unavailable') });
    renderWebhooksCard();
    const error = within(await screen.findByTestId('error-state'));
    expect(error.getByText('Could not load webhooks')).toBeInTheDocument();
    expect(error.getByText('Database unavailable')).toBeInTheDocument();
  });

  it.each([
    {
      who: 'a tenant owner',
      me: makeMe({ memberships: [{ tenantId: 'tenant-001', role: 'owner' }] }),
      offered: true,
    },
    {
      who: 'a tenant admin',
      me: makeMe({ memberships: [{ tenantId: 'tenant-001', role: 'admin' }] }),
      offered: true,
    },
    {
      who: 'a tenant member',
      me: makeMe({ memberships: [{ tenantId: 'tenant-001', role: 'member' }] }),
      offered: false,
    },
    { who: 'a user without tenants', me: makeMe(), offered: false },
  ])('Add webhook for $who: offered $offered', async ({ me, offered }) => {
    stubApi({ 'GET /api/webhooks': [] });
    renderWebhooksCard(me);
    const empty = within(await screen.findByTestId('empty-state'));
    expect(empty.getByText('No webhooks yet')).toBeInTheDocument();
    expect(empty.queryByRole('button', { name: 'Add webhook' }) !== null).toBe(offered);
  });
});
