import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema';
import type { ListenFn } from '../db/notifications';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../test/databases';
import { LiveFeed, type FeedItem } from './feed';

for (const kind of testDatabaseKinds()) {
  describe(`live feed [${kind}]`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await openTestDatabase(kind);
    });
    afterAll(() => database.dispose());

    it('publishes what committed between its start and its first LISTEN (PostgreSQL connects later)', async () => {
      // The real LISTEN, held back as a slow connection would be: what commits meanwhile is no notification.
      let isListening = false;
      let connect: () => void = () => undefined;
      const connected = new Promise<void>((resolve) => (connect = resolve));
      const slowListen: ListenFn = (channel, handlers) =>
        database.handle.listen(channel, {
          ...handlers,
          onMessage: (payload) => isListening && handlers.onMessage(payload),
          onListening: () => void connected.then(() => ((isListening = true), handlers.onListening())),
        });
      const feed = new LiveFeed(database.handle.db, pino({ level: 'silent' }));
      await feed.start(slowListen);
      const published: FeedItem[] = [];
      feed.subscribe((item) => published.push(item));
      await database.handle.db.insert(auditEvents).values({ action: 'test.early', resourceType: 'system' });
      connect();
      const actions = () => published.flatMap((i) => (i.kind === 'event' ? [i.item.event.action] : []));
      await expect.poll(actions).toEqual(['test.early']);
      await feed.close();
    });
  });
}
