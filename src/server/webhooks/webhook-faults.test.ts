import { asc, gt, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, webhookSubscriptions } from '../db/schema';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../test/databases';
import { insertFixtures } from '../test/fixtures';
import { startWebhookProcess, type Server } from '../test/server-processes';
import { subscribeFromTrailEnd, until, writeBurst } from '../test/webhook-burst';
import { startWebhookReceiver, type WebhookReceiver } from '../test/webhook-receiver';
import { newWebhookSecret } from './signing';

const EVENTS = 1000;

/**
 * Delivery under faults, on PostgreSQL with real processes (docs/webhooks.md, "Delivery"): two delivery
 * processes, one killed with SIGKILL mid-burst and another started, and a receiver that fails a stretch
 * of requests. Every event arrives, the first arrivals in commit order, duplicates only as retries of
 * the same message id.
 */
describe.runIf(testDatabaseKinds().includes('postgres'))('webhook delivery under faults', () => {
  let database: TestDatabase;
  let receiver: WebhookReceiver;
  const processes: Server[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    await insertFixtures(database.handle.db);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    for (const server of processes) server.child.kill('SIGKILL');
    await receiver.close();
    await database.dispose();
  });

  it('delivers a burst of 1,000 events in order through a crash and a failing receiver', async () => {
    const { db } = database.handle;
    await subscribeFromTrailEnd(db, 'hook-faults', receiver.url());
    // Requests 301 to 306 fail: retries of one event, with a growing pause between them.
    receiver.answer((count) => (count > 300 && count <= 306 ? 500 : 204));
    const url = database.url ?? '';
    processes.push(await startWebhookProcess(url), await startWebhookProcess(url));

    const started = Date.now();
    await writeBurst(db, EVENTS);
    const delivered = () =>
      new Set(
        receiver
          .received()
          .filter((r) => r.status < 300)
          .map((r) => r.body),
      ).size;
    expect(await until(() => delivered() >= 200, 30_000)).toBe(true);
    // A crash mid-burst, and a process started after it.
    processes[0]?.child.kill('SIGKILL');
    processes.push(await startWebhookProcess(url));
    expect(await until(() => delivered() === EVENTS, 60_000)).toBe(true);

    const got = receiver.received();
    const accepted = got.filter((r) => r.status < 300);
    const order = accepted.map(
      (r) => (JSON.parse(r.body) as { data: { changes: { n: number } } }).data.changes.n,
    );
    const firsts = order.filter((n, i) => order.indexOf(n) === i);
    expect(firsts).toEqual([...Array(EVENTS).keys()]);
    // A duplicate is a retry: the message id of an event is one, whoever sends it.
    const idsByEvent = new Map<number, Set<string>>();
    accepted.forEach((r, i) => {
      const ids = idsByEvent.get(order[i] ?? -1) ?? new Set<string>();
      idsByEvent.set(order[i] ?? -1, ids.add(String(r.headers['webhook-id'])));
    });
    expect([...idsByEvent.values()].every((ids) => ids.size === 1)).toBe(true);
    console.info(
      `webhook faults: ${EVENTS} events, ${got.length} requests (${got.length - accepted.length} answered 500), ` +
        `${accepted.length - EVENTS} duplicates, all in order, ${Date.now() - started} ms`,
    );
  }, 120_000);

  it('streams every audit row in order through a crash and a failing receiver', async () => {
    const { db } = database.handle;
    const sink = await startWebhookReceiver();
    const [end] = await db.select({ seq: max(auditEvents.seq) }).from(auditEvents);
    await db.insert(webhookSubscriptions).values({
      id: 'stream-faults',
      kind: 'audit_stream',
      format: 'ndjson',
      ownerId: 'user-1',
      url: sink.url(),
      eventTypes: ['*'],
      secret: newWebhookSecret(),
      cursor: end?.seq ?? 0,
    });
    // The third batch fails six times (backing off), and a process is killed while it does.
    sink.answer((count) => (count >= 3 && count <= 8 ? 500 : 204));
    await writeBurst(db, EVENTS);
    const rows = () =>
      sink
        .received()
        .filter((r) => r.status < 300)
        .flatMap((r) =>
          r.body
            .trimEnd()
            .split('\n')
            .map((line) => ({ line, id: r.headers['webhook-id'] })),
        );
    expect(await until(() => sink.received().length >= 4, 30_000)).toBe(true);
    processes.find((server) => server.child.exitCode === null)?.child.kill('SIGKILL');
    processes.push(await startWebhookProcess(database.url ?? ''));
    const stored = await db
      .select()
      .from(auditEvents)
      .where(gt(auditEvents.seq, end?.seq ?? 0))
      .orderBy(asc(auditEvents.seq));
    const firsts = () => [...new Set(rows().map((row) => row.line))];
    expect(await until(() => firsts().length >= stored.length, 60_000)).toBe(true);

    // Every row exactly as stored, first arrivals in commit order; a line sent twice came in one batch id.
    expect(firsts().map((line) => JSON.parse(line) as unknown)).toEqual(stored);
    const idsByLine = new Map<string, Set<unknown>>();
    for (const { line, id } of rows()) idsByLine.set(line, (idsByLine.get(line) ?? new Set()).add(id));
    expect([...idsByLine.values()].every((ids) => ids.size === 1)).toBe(true);
    // Every attempt at a batch, whichever process made it, carried the same lines.
    const bodiesById = new Map<unknown, Set<string>>();
    for (const r of sink.received()) {
      const id = r.headers['webhook-id'];
      bodiesById.set(id, (bodiesById.get(id) ?? new Set()).add(r.body));
    }
    expect([...bodiesById.values()].every((bodies) => bodies.size === 1)).toBe(true);
    console.info(
      `audit stream faults: ${stored.length} rows, ${sink.received().length} requests, ` +
        `${rows().length - stored.length} rows sent twice`,
    );
    await sink.close();
  }, 120_000);
});
