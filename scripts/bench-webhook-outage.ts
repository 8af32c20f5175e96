// Webhook receiver outage benchmark (issue 39): a burst of events committed while the receiver answers 500 for
// BENCH_WEBHOOK_OUTAGE_SECONDS (default 600, ten minutes), then 204. Two delivery loops (each its own pool, as two
// processes would be) run with the production settings: passes every second, retries from 5 s doubling with
// jitter up to an hour, the default lease. Prints events, requests, 500s, duplicates, out-of-order first
// arrivals, and the time from the receiver's recovery to the last event's first arrival. Takes the outage and
// then the backoff pause that straddles the recovery (up to half of the last pause again): over ten minutes.
// Usage: node --import tsx scripts/bench-webhook-outage.ts
//   BENCH_DATABASE_URL             the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_WEBHOOK_OUTAGE_SECONDS   how long the receiver answers 500 (default 600)
//   BENCH_WEBHOOK_EVENTS           the burst (default 1000)
import { buildApp } from '../src/server/app';
import { openDatabase, type DatabaseHandle } from '../src/server/db/client';
import { openResourceTypes } from '../src/server/events/visibility';
import { migrationsFolder } from '../src/server/paths';
import { TEST_PROBER_SETTINGS } from '../src/server/test/prober-settings';
import { insertFixtures } from '../src/server/test/fixtures';
import {
  arrivalsOf,
  deliveredCount,
  numberOf,
  subscribeFromTrailEnd,
  writeBurst,
} from '../src/server/test/webhook-burst';
import { startWebhookReceiver } from '../src/server/test/webhook-receiver';
import { startWebhookDelivery, WEBHOOK_PASS_MS, WEBHOOK_RETRIES } from '../src/server/webhooks/worker';
import { adminStatement } from './bench-server.mjs';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const OUTAGE_MS = Number(process.env.BENCH_WEBHOOK_OUTAGE_SECONDS ?? 600) * 1000;
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 1000);

const name = `rm_bench_webhook_outage_${process.pid}`;
await adminStatement(adminUrl, `create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const handles: DatabaseHandle[] = [];
const receiver = await startWebhookReceiver();
try {
  const open = async () => {
    const handle = await openDatabase(
      { kind: 'postgres', url: url.toString(), poolSize: 4 },
      migrationsFolder(),
    );
    handles.push(handle);
    return handle;
  };
  const main = await open();
  await main.migrate();
  const { db } = main;
  await insertFixtures(db);
  const app = await buildApp({ database: main });
  await app.ready();
  const openTypes = openResourceTypes(app.routeTable);

  await subscribeFromTrailEnd(db, 'hook-bench-outage', receiver.url());
  const started = Date.now();
  const recoveredAt = started + OUTAGE_MS;
  const arrivals: number[] = [];
  receiver.answer((count) => {
    arrivals[count - 1] = Date.now();
    return Date.now() < recoveredAt ? 500 : 204;
  });
  const loops = [];
  for (const handle of [main, await open()]) {
    loops.push(
      startWebhookDelivery(
        handle.db,
        {
          timeoutMs: 10_000,
          allowance: TEST_PROBER_SETTINGS.allowance,
          publicUrl: 'http://console.test',
          ...WEBHOOK_RETRIES,
          openTypes: () => openTypes,
        },
        { intervalMs: WEBHOOK_PASS_MS, onError: (error) => console.error(`webhooks: ${String(error)}`) },
      ),
    );
  }
  await writeBurst(db, EVENTS);
  console.info(
    `Webhook outage benchmark: ${EVENTS} events, receiver answering 500 for ${OUTAGE_MS / 1000} s`,
  );
  while (deliveredCount(receiver.received()) < EVENTS) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await Promise.all(loops.map((loop) => loop.stop()));

  const got = receiver.received();
  const { duplicates, outOfOrder, accepted } = arrivalsOf(got);
  // When the last event first arrived: the accepted request that brought the last new number.
  const seen = new Set<number>();
  let lastFirstAt = NaN;
  got.forEach((request, i) => {
    const n = numberOf(request.body);
    if (request.status >= 300 || seen.has(n)) return;
    seen.add(n);
    lastFirstAt = arrivals[i] ?? lastFirstAt;
  });
  const firstAfter = arrivals.find((at) => at >= recoveredAt) ?? NaN;
  console.info(
    [
      `events                       ${EVENTS}`,
      `requests                     ${got.length}`,
      `500s                         ${got.length - accepted}`,
      `duplicates                   ${duplicates}`,
      `out-of-order first arrivals  ${outOfOrder}`,
      `recovery to first request    ${((firstAfter - recoveredAt) / 1000).toFixed(1)} s`,
      `recovery to last event       ${((lastFirstAt - recoveredAt) / 1000).toFixed(1)} s`,
      `whole run                    ${((Date.now() - started) / 1000).toFixed(1)} s`,
    ].join('\n'),
  );
  await app.close();
} finally {
  await receiver.close();
  for (const handle of handles) await handle.close();
  await adminStatement(adminUrl, `drop database if exists ${name} with (force)`);
}
