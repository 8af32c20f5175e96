import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  chooseRowAction,
  ifMatchOf,
  makeDelivery,
  makeWebhook,
  renderWebhooksCard,
  requestsTo,
  stubApi,
  TEST_TIMEOUT,
} from '@/webhooks/test/fixtures';

const URL = 'https://hooks.example.com/console';

afterEach(() => {
  vi.unstubAllGlobals();
});

const choose = (action: string) => chooseRowAction(URL, action);

describe('webhook row actions', { timeout: TEST_TIMEOUT }, () => {
  it("disables with the row's revision as If-Match, then offers Enable", async () => {
    let enabled = true;
    const fetchMock = stubApi({
      'GET /api/webhooks': () => Response.json([makeWebhook({ enabled, revision: enabled ? 3 : 4 })]),
      'PATCH /api/webhooks/wh-1': ({ body }) => {
        enabled = false;
        return Response.json({ ...makeWebhook({ enabled: false, revision: 4 }), body });
      },
    });
    renderWebhooksCard();
    await choose('Disable');

    expect(await screen.findByText('Webhook disabled')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PATCH', '/api/webhooks/wh-1')[0]?.body).toEqual({ enabled: false });
    expect(ifMatchOf(fetchMock, 'PATCH', '/api/webhooks/wh-1')).toEqual(['"3"']);
    await waitFor(() => expect(screen.getByTestId('webhook-state')).toHaveTextContent('Disabled'));
    await userEvent.click(screen.getByRole('button', { name: `Actions for ${URL}` }));
    expect(await screen.findByRole('menuitem', { name: 'Enable' })).toBeInTheDocument();
  });

  it('sends a test event and toasts how the receiver took it', async () => {
    let ok = true;
    stubApi({
      'GET /api/webhooks': [makeWebhook()],
      'POST /api/webhooks/wh-1/test': () =>
        Response.json(
          ok ? makeDelivery() : makeDelivery({ ok: false, statusCode: null, error: 'Timed out after 10 s' }),
        ),
    });
    renderWebhooksCard();
    await choose('Send test event');
    expect(await screen.findByText('Test event delivered')).toBeInTheDocument();
    expect(screen.getByText(`${URL} answered 204.`)).toBeInTheDocument();

    ok = false;
    await choose('Send test event');
    expect(await screen.findByText('Test event not delivered')).toBeInTheDocument();
    expect(screen.getByText('Timed out after 10 s')).toBeInTheDocument();
  });

  it('deletes after confirming, with If-Match', async () => {
    let deleted = false;
    const fetchMock = stubApi({
      'GET /api/webhooks': () => Response.json(deleted ? [] : [makeWebhook()]),
      'DELETE /api/webhooks/wh-1': () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    renderWebhooksCard();
    await choose('Delete');
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete webhook?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Webhook deleted')).toBeInTheDocument();
    expect(ifMatchOf(fetchMock, 'DELETE', '/api/webhooks/wh-1')).toEqual(['"3"']);
    expect(await screen.findByText('No webhooks yet')).toBeInTheDocument();
  });

  it('says so when someone changed it before the delete', async () => {
    stubApi({
      'GET /api/webhooks': [makeWebhook()],
      'DELETE /api/webhooks/wh-1': () =>
        Response.json(
          { message: 'Changed since', code: 'PRECONDITION_FAILED', currentRevision: 4 },
          { status: 412 },
        ),
    });
    renderWebhooksCard();
    await choose('Delete');
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Not deleted')).toBeInTheDocument();
  });

  it('rotates the secret after confirming and shows the new one once', async () => {
    stubApi({
      'GET /api/webhooks': [makeWebhook()],
      'POST /api/webhooks/wh-1/rotate-secret': Response.json(
        { ...makeWebhook({ revision: 4 }), secret: 'whsec_new' },
        { status: 201 },
      ),
    });
    renderWebhooksCard();
    await choose('Rotate secret');
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Rotate signing secret?' }));
    await userEvent.click(confirm.getByRole('button', { name: 'Rotate secret' }));
    const shown = within(await screen.findByRole('dialog', { name: 'New signing secret' }));
    expect(shown.getByLabelText('Signing secret')).toHaveValue('whsec_new');
    expect(screen.getByText('Secret rotated')).toBeInTheDocument();
  });

  it('lists the delivery log: time, event, attempt, result, status, duration, error', async () => {
    stubApi({
      'GET /api/webhooks': [makeWebhook()],
      'GET /api/webhooks/wh-1/deliveries': [
        makeDelivery({ id: 'd-2', ok: false, statusCode: 500, attempt: 2, error: 'Answered 500' }),
        makeDelivery(),
      ],
    });
    renderWebhooksCard();
    await choose('Delivery log');
    const log = within(await screen.findByRole('dialog', { name: 'Delivery log' }));
    const rows = await log.findAllByTestId('webhook-delivery');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Answered 500')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('OK')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('42 ms')).toBeInTheDocument();
  });

  it('shows the error of a failed action', async () => {
    stubApi({
      'GET /api/webhooks': [makeWebhook()],
      'POST /api/webhooks/wh-1/test': apiError(404, 'Webhook not found'),
    });
    renderWebhooksCard();
    await choose('Send test event');
    expect(await screen.findByText('Webhook not found')).toBeInTheDocument();
  });
});
