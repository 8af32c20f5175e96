import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { WebhookWithSecret } from '../../contract/webhooks';
import { webhookSubscriptions } from '../db/schema';
import { openResourceTypes } from '../events/visibility';
import type { ApiContext } from './api-harness';
import { TEST_PROBER_SETTINGS } from './prober-settings';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';
import { runWebhookPass, type WebhookSettings } from '../webhooks/worker';

/** The send settings of the webhook tests: the receiver's loopback address allowed, a short timeout. */
export const TEST_SEND = {
  timeoutMs: 2000,
  allowance: TEST_PROBER_SETTINGS.allowance,
  publicUrl: 'http://console.test',
};

/**
 * What the webhook tests share: a real receiver (started and reset around each test, with the
 * subscriptions), delivery settings, passes until a condition holds, a subscription by API.
 */
export function webhookTestKit(ctx: () => ApiContext) {
  let started: WebhookReceiver | undefined;
  const receiver = () => {
    if (!started) throw new Error('the receiver starts in beforeAll');
    return started;
  };
  beforeAll(async () => {
    started = await startWebhookReceiver();
  });
  afterAll(() => started?.close());
  // Each test starts with no subscription and a receiver that takes everything.
  beforeEach(async () => {
    await ctx().db.delete(webhookSubscriptions);
    receiver().reset();
    receiver().answer(() => 204);
  });
  const settings = (more: Partial<WebhookSettings> = {}): WebhookSettings => ({
    ...TEST_SEND,
    retryBaseMs: 0,
    retryForMs: 3600_000,
    openTypes: () => openResourceTypes(ctx().app.routeTable),
    observe: (attempt) => ctx().app.metrics.observeWebhook(attempt),
    ...more,
  });
  /** Passes until `done` holds (each pass sends what is due), at most 30. */
  const passUntil = async (done: () => boolean, more: Partial<WebhookSettings> = {}) => {
    for (let pass = 0; pass < 30 && !done(); pass += 1) await runWebhookPass(ctx().db, settings(more));
    return done();
  };
  const subscribe = async (body: object, cookie?: string) => {
    const res = await ctx().inject({
      method: 'POST',
      url: '/api/webhooks',
      payload: { url: receiver().url(), ...body },
      ...(cookie && { headers: { cookie } }),
    });
    return { res, hook: res.json<WebhookWithSecret>() };
  };
  return { receiver, settings, passUntil, subscribe };
}
