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

describe('Edit webhook and Redeliver', { timeout: TEST_TIMEOUT }, () => {
  it("edits the URL, description, event types and environments under the row's revision", async () => {
    const fetchMock = stubApi({
      'GET /api/webhooks': [makeWebhook({ environments: ['production'] })],
      'PATCH /api/webhooks/wh-1': ({ body }) => Response.json({ ...makeWebhook({ revision: 4 }), body }),
    });
    renderWebhooksCard();
    await choose('Edit');
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit webhook' }));
    expect(dialog.getByLabelText('URL')).toHaveValue(URL);
    expect(dialog.getByRole('checkbox', { name: 'Production' })).toBeChecked();
    expect(dialog.queryByRole('combobox', { name: 'Kind' })).not.toBeInTheDocument();
    await userEvent.clear(dialog.getByLabelText('URL'));
    await userEvent.type(dialog.getByLabelText('URL'), 'https://hooks.example.com/v2');
    await userEvent.clear(dialog.getByLabelText('Description'));
    await userEvent.type(dialog.getByLabelText('Description'), 'Deploy bot');
    await userEvent.click(dialog.getByRole('checkbox', { name: 'rollout.rolled_back' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Production' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Webhook saved')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PATCH', '/api/webhooks/wh-1')[0]?.body).toEqual({
      url: 'https://hooks.example.com/v2',
      description: 'Deploy bot',
      eventTypes: ['change_request.applied'],
      environments: null,
    });
    expect(ifMatchOf(fetchMock, 'PATCH', '/api/webhooks/wh-1')).toEqual(['"3"']);
  });

  it("edits an audit stream's URL and description only, and shows a server refusal beside its field", async () => {
    const fetchMock = stubApi({
      'GET /api/webhooks': [makeWebhook({ kind: 'audit_stream', format: 'ndjson', eventTypes: ['*'] })],
      'PATCH /api/webhooks/wh-1': apiError(400, 'Invalid input', [
        { path: 'body.url', message: 'Resolves to a refused address (private)' },
      ]),
    });
    renderWebhooksCard();
    expect(await screen.findByTestId('webhook-kind')).toHaveTextContent('Audit stream · JSON lines');
    await choose('Edit');
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit webhook' }));
    expect(dialog.queryByRole('checkbox', { name: 'All events' })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }));
    expect(await dialog.findByText('Resolves to a refused address (private)')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'PATCH', '/api/webhooks/wh-1')[0]?.body).toEqual({
      url: URL,
      description: 'Pipeline trigger',
    });
  });

  it("redelivers a logged delivery and toasts the receiver's answer", async () => {
    let answer = 200;
    const fetchMock = stubApi({
      'GET /api/webhooks': [makeWebhook()],
      'GET /api/webhooks/wh-1/deliveries': [
        makeDelivery({ id: 'd-1', eventSeq: 7, eventType: 'change_request.applied', attempt: 2 }),
      ],
      'POST /api/webhooks/wh-1/deliveries/d-1/redeliver': () =>
        Response.json(
          answer < 300
            ? makeDelivery({ id: 'd-2', attempt: 3, statusCode: answer })
            : makeDelivery({ id: 'd-3', ok: false, statusCode: answer, error: 'HTTP 500' }),
        ),
    });
    renderWebhooksCard();
    await choose('Delivery log');
    const log = within(await screen.findByRole('dialog', { name: 'Delivery log' }));
    const redeliver = await log.findByRole('button', { name: 'Redeliver change_request.applied, attempt 2' });
    await userEvent.click(redeliver);
    expect(await screen.findByText('Redelivered')).toBeInTheDocument();
    expect(screen.getByText('The receiver answered 200.')).toBeInTheDocument();
    answer = 500;
    await waitFor(() => expect(redeliver).toBeEnabled());
    await userEvent.click(redeliver);
    expect(await screen.findByText('Redelivery failed')).toBeInTheDocument();
    expect(requestsTo(fetchMock, 'POST', '/api/webhooks/wh-1/deliveries/d-1/redeliver')).toHaveLength(2);
  });
});
