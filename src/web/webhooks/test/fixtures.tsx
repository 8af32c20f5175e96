import '@/test/dom-polyfills';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me } from '@contract/auth';
import type { Webhook, WebhookDelivery } from '@contract/webhooks';
import { Toaster } from '@/components/ui/toaster';
import { makeMe, queryClientWithMe } from '@/test/me';
import { renderWithProviders } from '@/test/render';
import { WebhooksCard } from '@/webhooks/components/webhooks-card';

/** The machine running the tests is loaded: give each test room. */
export const TEST_TIMEOUT = 20_000;

import type { stubApi } from '@/test/api-stub';

export { apiError, never, requestsTo, stubApi } from '@/test/api-stub';

export function makeWebhook(overrides: Partial<Webhook> = {}): Webhook {
  return {
    id: 'wh-1',
    kind: 'webhook',
    format: null,
    tenantId: null,
    ownerId: 'user-1',
    url: 'https://hooks.example.com/console',
    description: 'Pipeline trigger',
    eventTypes: ['change_request.applied', 'rollout.rolled_back'],
    environments: null,
    enabled: true,
    pausedAt: null,
    pausedReason: null,
    revision: 3,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeDelivery(overrides: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 'del-1',
    webhookId: 'wh-1',
    eventSeq: null,
    lastEventSeq: null,
    eventType: 'webhook.test',
    attempt: 1,
    ok: true,
    statusCode: 204,
    durationMs: 42,
    error: null,
    responseBody: null,
    createdAt: '2026-11-02T10:00:00.000Z',
    ...overrides,
  };
}

/** The webhooks card with its toasts, signed in as `me` (an administrator by default). */
export function renderWebhooksCard(me: Me = makeMe({ globalRole: 'admin' })) {
  return renderWithProviders(
    <>
      <WebhooksCard />
      <Toaster />
    </>,
    { path: '/settings', queryClient: queryClientWithMe(me) },
  );
}

/** Picks a row action of the webhook at `url` from its actions menu. */
export async function chooseRowAction(url: string, action: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${url}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: action }));
}

/** The If-Match header of each call to `method path`. */
export const ifMatchOf = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input) === path && init?.method === method)
    .map(([, init]) => new Headers(init?.headers).get('If-Match'));
