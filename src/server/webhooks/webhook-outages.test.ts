import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookSubscriptions } from '../db/schema';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../test/databases';
import { insertFixtures } from '../test/fixtures';
import { startWebhookProcess, type Server } from '../test/server-processes';
import { stoppableProxy } from '../test/stoppable-proxy';
import { arrivalsOf, deliveredCount, subscribeFromTrailEnd, until, writeBurst } from '../test/webhook-burst';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';

const EVENTS = 1000;

type Proxy = Awaited<ReturnType<typeof stoppableProxy>>;

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
  const delivered = () => deliveredCount(receiver.received());

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

  /**
   * A burst of EVENTS delivered by two processes that reach PostgreSQL through a proxy; `fault` runs once
   * 200 have arrived (the proxy and the database URL through it at hand), then every event must arrive.
   */
  async function burstThroughProxy(fault: (proxy: Proxy, viaProxy: string) => Promise<void>) {
    const url = new URL(database.url ?? '');
    const proxy = await stoppableProxy(Number(url.port || 5432), url.hostname);
    const viaProxy = new URL(url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    try {
      await subscribeFromTrailEnd(database.handle.db, 'hook-outage', receiver.url());
      processes.push(
        await startWebhookProcess(viaProxy.toString()),
        await startWebhookProcess(viaProxy.toString()),
      );
      await writeBurst(database.handle.db, EVENTS);
      expect(await until(() => delivered() >= 200, 30_000)).toBe(true);
      await fault(proxy, viaProxy.toString());
      expect(await until(() => delivered() === EVENTS, 120_000)).toBe(true);
      return { proxy, arrivals: expectEveryEventOnceInOrder(EVENTS) };
    } finally {
      await proxy.close();
    }
  }

  function expectEveryEventOnceInOrder(events: number) {
    const arrivals = arrivalsOf(receiver.received());
    expect(arrivals.firsts).toEqual([...Array(events).keys()]);
    expect(arrivals.outOfOrder).toBe(0);
    expect(arrivals.mixedIds).toBe(0);
    return arrivals;
  }

  it('delivers 1,000 events in order through PostgreSQL stopping mid-burst and a SIGKILL', async () => {
    const { proxy, arrivals } = await burstThroughProxy(async (proxy, viaProxy) => {
      // PostgreSQL stops: queries in flight fail, reconnects are refused. It is back once both
      // processes have tried again a few times (a refused connection each).
      proxy.stop();
      const atStop = delivered();
      expect(await until(() => proxy.state.refused >= 6, 30_000)).toBe(true);
      // Nothing can be claimed while the database is down: at most the sends already under way land.
      expect(delivered() - atStop).toBeLessThanOrEqual(100);
      proxy.start();
      expect(await until(() => delivered() >= atStop + 200, 30_000)).toBe(true);
      // A crash in the same run, and a process started after it.
      processes[0]?.child.kill('SIGKILL');
      processes.push(await startWebhookProcess(viaProxy));
    });
    console.info(
      `webhook outage (PostgreSQL stopped, SIGKILL): ${EVENTS} events, ${receiver.received().length} requests, ` +
        `${arrivals.duplicates} duplicates, ${proxy.state.refused} connections refused while stopped`,
    );
  }, 180_000);

  it('delivers 1,000 events in order through the path to PostgreSQL going silent mid-burst', async () => {
    const { proxy, arrivals } = await burstThroughProxy(async (proxy) => {
      // Silence: bytes are dropped, nothing is reset. Back once both processes have tried to talk a while.
      proxy.state.silent = true;
      expect(await until(() => proxy.state.dropped >= 20, 60_000)).toBe(true);
      proxy.state.silent = false;
    });
    console.info(
      `webhook outage (PostgreSQL silent): ${EVENTS} events, ${receiver.received().length} requests, ` +
        `${arrivals.duplicates} duplicates, ${proxy.state.dropped} chunks dropped while silent`,
    );
  }, 240_000);

  it('delivers everything in order to a receiver that answers 500 for a while, then recovers', async () => {
    // The first 8 requests fail: retries of the first event, each after a growing pause.
    receiver.answer((count) => (count <= 8 ? 500 : 204));
    await subscribeFromTrailEnd(database.handle.db, 'hook-500s', receiver.url());
    processes.push(await startWebhookProcess(database.url ?? ''));
    await writeBurst(database.handle.db, 200);
    expect(await until(() => delivered() === 200, 60_000)).toBe(true);
    const arrivals = expectEveryEventOnceInOrder(200);
    expect(receiver.received().length - arrivals.accepted).toBe(8);
  }, 120_000);
});
