import { max } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../audit/service';
import { auditEvents, webhookSubscriptions } from '../db/schema';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../test/databases';
import { insertFixtures } from '../test/fixtures';
import { startWebhookProcess, type Server } from '../test/server-processes';
import { stoppableProxy } from '../test/stoppable-proxy';
import { arrivalsOf, deliveredCount } from '../test/webhook-arrivals';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';
import { newWebhookSecret } from './signing';

/** Polls until `done` holds, at most `ms`. */
async function until(done: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
  return done();
}

/**
 * Delivery through outages, on PostgreSQL with real delivery processes (serve-webhooks.ts: retries from
 * 50 ms, a 3 s lease): PostgreSQL stopping mid-burst as its clients see it (every connection reset, new
 * ones refused) with a process killed with SIGKILL in the same run, the path to it going silent (bytes
 * dropped, nothing reset), and a receiver answering 500 for a stretch. Every event arrives, first
 * arrivals in commit order, duplicates only under the same webhook-id.
 */
describe.runIf(testDatabaseKinds().includes('postgres'))('webhook delivery through outages', () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  const processes: Server[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await insertFixtures(database.handle.db);
    receiver = await startWebhookReceiver();
  });
  afterEach(async () => {
    for (const server of processes.splice(0)) server.child.kill('SIGKILL');
    await database.handle.db.delete(webhookSubscriptions);
    receiver.reset();
    receiver.answer(() => 204);
  });
  afterAll(async () => {
    await receiver.close();
    await database.dispose();
  });

  /** A subscription from the trail's end, and `events` tenant updates committed 50 a transaction. */
  async function burst(id: string, events: number) {
    const { db } = database.handle;
    const [end] = await db.select({ seq: max(auditEvents.seq) }).from(auditEvents);
    await db.insert(webhookSubscriptions).values({
      id,
      ownerId: 'user-1',
      url: receiver.url(),
      eventTypes: ['audit.tenant.update'],
      secret: newWebhookSecret(),
      cursor: end?.seq ?? 0,
    });
    return async () => {
      for (let batch = 0; batch < events / 50; batch += 1) {
        await db.transaction(async (tx) => {
          for (let n = batch * 50; n < (batch + 1) * 50; n += 1) {
            await recordAudit(tx, null, {
              action: 'tenant.update',
              resourceType: 'tenant',
              resourceId: 'tenant-001',
              tenantId: 'tenant-001',
              changes: { n },
            });
          }
        });
      }
    };
  }

  function expectEveryEventOnceInOrder(events: number) {
    const arrivals = arrivalsOf(receiver.received());
    expect(arrivals.firsts).toEqual([...Array(events).keys()]);
    expect(arrivals.outOfOrder).toBe(0);
    expect(arrivals.mixedIds).toBe(0);
    return arrivals;
  }

  it('delivers 1,000 events in order through PostgreSQL stopping mid-burst and a SIGKILL', async () => {
    const EVENTS = 1000;
    const url = new URL(database.url ?? '');
    const proxy = await stoppableProxy(Number(url.port || 5432), url.hostname);
    const viaProxy = new URL(url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    try {
      const write = await burst('hook-pg-outage', EVENTS);
      processes.push(
        await startWebhookProcess(viaProxy.toString()),
        await startWebhookProcess(viaProxy.toString()),
      );
      await write();
      expect(await until(() => deliveredCount(receiver.received()) >= 200, 30_000)).toBe(true);
      // PostgreSQL stops: queries in flight fail, reconnects are refused. It is back once both
      // processes have tried again a few times (a refused connection each).
      proxy.stop();
      const atStop = deliveredCount(receiver.received());
      expect(await until(() => proxy.state.refused >= 6, 30_000)).toBe(true);
      // Nothing can be claimed while the database is down: at most the sends already under way land.
      expect(deliveredCount(receiver.received()) - atStop).toBeLessThanOrEqual(100);
      proxy.start();
      expect(await until(() => deliveredCount(receiver.received()) >= atStop + 200, 30_000)).toBe(true);
      // A crash in the same run, and a process started after it.
      processes[0]?.child.kill('SIGKILL');
      processes.push(await startWebhookProcess(viaProxy.toString()));
      expect(await until(() => deliveredCount(receiver.received()) === EVENTS, 60_000)).toBe(true);

      const arrivals = expectEveryEventOnceInOrder(EVENTS);
      console.info(
        `webhook outage (PostgreSQL stopped, SIGKILL): ${EVENTS} events, ${receiver.received().length} requests, ` +
          `${arrivals.duplicates} duplicates, ${proxy.state.refused} connections refused while stopped`,
      );
    } finally {
      await proxy.close();
    }
  }, 180_000);

  it('delivers 1,000 events in order through the path to PostgreSQL going silent mid-burst', async () => {
    const EVENTS = 1000;
    const url = new URL(database.url ?? '');
    const proxy = await stoppableProxy(Number(url.port || 5432), url.hostname);
    const viaProxy = new URL(url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    try {
      const write = await burst('hook-pg-silent', EVENTS);
      processes.push(
        await startWebhookProcess(viaProxy.toString()),
        await startWebhookProcess(viaProxy.toString()),
      );
      await write();
      expect(await until(() => deliveredCount(receiver.received()) >= 200, 30_000)).toBe(true);
      // Silence: bytes are dropped, nothing is reset. Back once both processes have tried to talk a while.
      proxy.state.silent = true;
      expect(await until(() => proxy.state.dropped >= 20, 60_000)).toBe(true);
      proxy.state.silent = false;
      expect(await until(() => deliveredCount(receiver.received()) === EVENTS, 120_000)).toBe(true);

      const arrivals = expectEveryEventOnceInOrder(EVENTS);
      console.info(
        `webhook outage (PostgreSQL silent): ${EVENTS} events, ${receiver.received().length} requests, ` +
          `${arrivals.duplicates} duplicates, ${proxy.state.dropped} chunks dropped while silent`,
      );
    } finally {
      await proxy.close();
    }
  }, 240_000);

  it('delivers everything in order to a receiver that answers 500 for a while, then recovers', async () => {
    const EVENTS = 200;
    const write = await burst('hook-500s', EVENTS);
    // The first 8 requests fail: retries of the first event, each after a growing pause.
    receiver.answer((count) => (count <= 8 ? 500 : 204));
    processes.push(await startWebhookProcess(database.url ?? ''));
    await write();
    expect(await until(() => deliveredCount(receiver.received()) === EVENTS, 60_000)).toBe(true);
    const arrivals = expectEveryEventOnceInOrder(EVENTS);
    expect(receiver.received().length - arrivals.accepted).toBe(8);
  }, 120_000);
});
