import { afterAll, beforeAll, expect, it } from 'vitest';
import { LIVE_EVENTS_PATH, LIVE_MESSAGES } from '../../contract/events';
import { describeApi } from '../test/api-harness';
import { SseClient } from '../test/sse-client';

describeApi(
  'live events: streams per process',
  (ctx) => {
    let base = '';
    const clients: SseClient[] = [];
    beforeAll(async () => {
      base = await ctx().app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => clients.forEach((client) => client.close()));
    const open = () => {
      const client = new SseClient(`${base}${LIVE_EVENTS_PATH}`, { cookie: ctx().adminCookie });
      clients.push(client);
      return client;
    };

    it('refuses a stream past LIVE_STREAMS_MAX with 503 and Retry-After, and takes one again once a slot frees', async () => {
      const [first, second] = [open(), open()];
      await first?.next((f) => f.event === 'ready');
      await second?.next((f) => f.event === 'ready');
      const third = open();
      await third.ended;
      expect(third.status).toBe(503);
      expect(third.headers['retry-after']).toMatch(/^\d+$/);
      expect(JSON.parse(third.body)).toMatchObject({ message: LIVE_MESSAGES.tooManyStreams });
      first?.close();
      await expect
        .poll(async () => {
          const retry = open();
          await retry.opened();
          retry.close();
          return retry.status;
        })
        .toBe(200);
    });
  },
  undefined,
  () => ({ live: { maxStreams: 2 } }),
);
